"""The 62 road segments: highways (main) and roads (secondary)."""

from __future__ import annotations

ROADS: tuple[tuple[str, str, str], ...] = (
    ("kyoto", "minakuchi", "main"),
    ("minakuchi", "kuwana", "main"),
    ("kuwana", "kiyosu", "main"),
    ("kiyosu", "okazaki", "main"),
    ("okazaki", "hamamatsu", "main"),
    ("hamamatsu", "sunpu", "main"),
    ("sunpu", "numazu", "main"),
    ("numazu", "hakone", "main"),
    ("hakone", "edo", "main"),
    ("kyoto", "sawayama", "main"),
    ("sawayama", "gifu", "main"),
    ("gifu", "iwamura", "main"),
    ("iwamura", "kiso", "main"),
    ("kiso", "suwa", "main"),
    ("suwa", "saku", "main"),
    ("saku", "takasaki", "main"),
    ("takasaki", "oshi", "main"),
    ("oshi", "edo", "main"),
    ("osaka", "kyoto", "main"),
    ("himeji", "ayabe", "secondary"),
    ("himeji", "osaka", "secondary"),
    ("ayabe", "miyazu", "secondary"),
    ("ayabe", "kyoto", "secondary"),
    ("miyazu", "tsuruga", "secondary"),
    ("tsuruga", "kitanosho", "secondary"),
    ("tsuruga", "sawayama", "secondary"),
    ("kitanosho", "kanazawa", "secondary"),
    ("kanazawa", "toyama", "secondary"),
    ("toyama", "takeda", "secondary"),
    ("takeda", "nagaoka", "secondary"),
    ("takeda", "arato", "secondary"),
    ("nagaoka", "niigata", "secondary"),
    ("nagaoka", "uonuma", "secondary"),
    ("niigata", "murakami", "secondary"),
    ("niigata", "tsugawa", "secondary"),
    ("murakami", "yamagata", "secondary"),
    ("yamagata", "sendai", "secondary"),
    ("tsugawa", "aizu", "secondary"),
    ("aizu", "shirakawa", "secondary"),
    ("shirakawa", "nihonmatsu", "secondary"),
    ("nihonmatsu", "sendai", "secondary"),
    ("shirakawa", "utsunomiya", "secondary"),
    ("sendai", "soma", "secondary"),
    ("soma", "iwaki", "secondary"),
    ("iwaki", "mito", "secondary"),
    ("mito", "edo", "secondary"),
    ("edo", "oyama", "secondary"),
    ("oyama", "utsunomiya", "secondary"),
    ("uonuma", "shibukawa", "secondary"),
    ("shibukawa", "takasaki", "secondary"),
    ("arato", "matsumoto", "secondary"),
    ("arato", "ueda", "secondary"),
    ("matsumoto", "kiso", "secondary"),
    ("ueda", "saku", "secondary"),
    ("suwa", "kofu", "secondary"),
    ("kofu", "numazu", "secondary"),
    ("osaka", "wakayama", "secondary"),
    ("wakayama", "tanabe", "secondary"),
    ("tanabe", "kumano", "secondary"),
    ("kumano", "anotsu", "secondary"),
    ("anotsu", "kuwana", "secondary"),
    ("gifu", "kiyosu", "secondary"),
)


def road_key(a: str, b: str) -> str:
    """One name per segment, whichever way it is travelled."""
    return f"{a}-{b}" if a < b else f"{b}-{a}"


# location -> ((neighbour, is_highway), ...) in a fixed order
ADJACENT: dict[str, tuple[tuple[str, bool], ...]] = {}
for _a, _b, _kind in ROADS:
    ADJACENT[_a] = (*ADJACENT.get(_a, ()), (_b, _kind == "main"))
    ADJACENT[_b] = (*ADJACENT.get(_b, ()), (_a, _kind == "main"))
