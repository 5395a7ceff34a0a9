"""What drf-spectacular cannot infer from the views: strict bodies, the errors any call may meet,
and the OpenAPI links that chain calls (create → join → read → act), which a fuzzer's stateful phase
and a reader follow.
"""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiSerializerExtension

ERROR_REF = {"$ref": "#/components/schemas/Error"}

# Answers any operation may give besides its own: bad input, no or bad credentials, refused, no such
# match, too many requests; a body in another format than JSON.
COMMON_ERRORS = {
    "400": "Invalid input",
    "401": "Bad credentials",
    "403": "Not allowed",
    "404": "No such match or path",
    "429": "Too many requests (see Retry-After)",
}
BODY_ERRORS = {"415": "The body must be JSON"}

# Operations that take no credentials (logging in).
ANONYMOUS_OPERATIONS = {"token_create"}

MATCH_ID = {"id": "$response.body#/id"}
SAME_MATCH = {"id": "$request.path.id"}

# operationId → status → link name → link. Each link names its target operation and where its inputs
# come from (OpenAPI runtime expressions).
LINKS: dict[str, dict[str, dict[str, dict]]] = {
    "matches_list": {
        "200": {
            "ReadFirst": {"operationId": "matches_retrieve", "parameters": {"id": "$response.body#/0/id"}},
            "JoinFirst": {"operationId": "matches_join", "parameters": {"id": "$response.body#/0/id"}},
            "ChoicesOfFirst": {"operationId": "matches_legal_actions", "parameters": {"id": "$response.body#/0/id"}},
        }
    },
    "matches_create": {
        "201": {
            "Read": {"operationId": "matches_retrieve", "parameters": MATCH_ID},
            "Join": {"operationId": "matches_join", "parameters": MATCH_ID},
            "Choices": {"operationId": "matches_legal_actions", "parameters": MATCH_ID},
        }
    },
    "matches_join": {
        "200": {
            "Choices": {"operationId": "matches_legal_actions", "parameters": MATCH_ID},
            "Board": {"operationId": "matches_board", "parameters": MATCH_ID},
        }
    },
    "matches_retrieve": {
        "200": {
            "Choices": {"operationId": "matches_legal_actions", "parameters": MATCH_ID},
            "Events": {"operationId": "matches_events", "parameters": MATCH_ID},
            "Board": {"operationId": "matches_board", "parameters": MATCH_ID},
            "Log": {"operationId": "matches_log", "parameters": MATCH_ID},
        }
    },
    "matches_legal_actions": {
        "200": {
            "PlayFirst": {
                "operationId": "matches_act",
                "parameters": SAME_MATCH,
                "requestBody": {
                    "role": "$response.body#/choices/0/role",
                    "action": "$response.body#/choices/0/action",
                    "expected_seq": "$response.body#/seq",
                },
            },
        }
    },
    "matches_act": {
        "201": {
            "NextChoices": {"operationId": "matches_legal_actions", "parameters": SAME_MATCH},
            "Undo": {
                "operationId": "matches_undo",
                "parameters": SAME_MATCH,
                "requestBody": {"role": "$request.body#/role", "expected_seq": "$response.body#/seq"},
            },
            "Read": {"operationId": "matches_retrieve", "parameters": SAME_MATCH},
        }
    },
    "matches_undo": {"201": {"Choices": {"operationId": "matches_legal_actions", "parameters": SAME_MATCH}}},
    "matches_resign": {
        "201": {
            "Read": {"operationId": "matches_retrieve", "parameters": SAME_MATCH},
            "Log": {"operationId": "matches_log", "parameters": SAME_MATCH},
        }
    },
}


class StrictSerializerExtension(OpenApiSerializerExtension):
    """games.api.serializers.StrictSerializer refuses undeclared fields: say so in the schema."""

    target_class = "games.api.serializers.StrictSerializer"
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_basic_serializer(self.target, direction)
        return {**schema, "additionalProperties": False}


def postprocess(result: dict, generator, request, public) -> dict:
    """SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]: errors, anonymous access and links."""
    for operation in _operations(result):
        errors = {**COMMON_ERRORS, **(BODY_ERRORS if "requestBody" in operation else {})}
        for code, description in errors.items():
            operation["responses"].setdefault(
                code, {"description": description, "content": {"application/json": {"schema": ERROR_REF}}}
            )
        if operation["operationId"] in ANONYMOUS_OPERATIONS:
            operation["security"] = []
        for code, links in LINKS.get(operation["operationId"], {}).items():
            operation["responses"][code]["links"] = links
    return result


def _operations(result: dict):
    for item in result["paths"].values():
        for method, operation in item.items():
            if method in ("get", "put", "patch", "post", "delete"):
                yield operation
