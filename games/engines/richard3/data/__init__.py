"""Richard III components as plain Python data (facts only; no rules).

Facts from the Columbia Games components as recovered in `shared/data/richard3.json`; see RULES.md.
"""
