"""The map: 51 locations with drawing positions, resources, capitals, castles, muster squares."""

from __future__ import annotations

# id -> (printed name, x, y); x, y are fractions of the map width/height, for drawing only.
LOCATIONS: dict[str, tuple[str, float, float]] = {
    "himeji": ("Himeji", 0.11, 0.261),
    "ayabe": ("Ayabe", 0.1738, 0.261),
    "miyazu": ("Miyazu", 0.2323, 0.2118),
    "tsuruga": ("Tsuruga", 0.3384, 0.2771),
    "kitanosho": ("Kitanosho", 0.3843, 0.1896),
    "kanazawa": ("Kanazawa", 0.4854, 0.1674),
    "toyama": ("Toyama", 0.5886, 0.2331),
    "takeda": ("Takeda", 0.6923, 0.2903),
    "nagaoka": ("Nagaoka", 0.7818, 0.2775),
    "niigata": ("Niigata", 0.8473, 0.2492),
    "murakami": ("Murakami", 0.9192, 0.2596),
    "yamagata": ("Yamagata", 0.9824, 0.3376),
    "tsugawa": ("Tsugawa", 0.8667, 0.3428),
    "aizu": ("Aizu", 0.8956, 0.4336),
    "uonuma": ("Uonuma", 0.785, 0.3896),
    "arato": ("Arato", 0.6863, 0.3934),
    "matsumoto": ("Matsumoto", 0.5894, 0.4525),
    "ueda": ("Ueda", 0.6491, 0.4652),
    "saku": ("Saku", 0.6461, 0.5371),
    "suwa": ("Suwa", 0.5751, 0.5608),
    "kiso": ("Kiso", 0.5098, 0.5154),
    "iwamura": ("Iwamura", 0.4296, 0.513),
    "gifu": ("Gifu", 0.3709, 0.47),
    "sawayama": ("Sawayama", 0.3059, 0.3844),
    "kyoto": ("Kyoto", 0.2185, 0.3839),
    "osaka": ("Osaka", 0.1619, 0.3863),
    "minakuchi": ("Minakuchi", 0.2636, 0.4463),
    "kuwana": ("Kuwana", 0.2943, 0.4946),
    "kiyosu": ("Kiyosu", 0.3459, 0.531),
    "okazaki": ("Okazaki", 0.3399, 0.5887),
    "anotsu": ("Anotsu", 0.251, 0.5343),
    "wakayama": ("Wakayama", 0.0808, 0.4615),
    "tanabe": ("Tanabe", 0.0674, 0.5749),
    "kumano": ("Kumano", 0.1643, 0.5967),
    "hamamatsu": ("Hamamatsu", 0.3822, 0.6884),
    "sunpu": ("Sunpu", 0.4583, 0.7433),
    "numazu": ("Numazu", 0.5435, 0.7641),
    "kofu": ("Kōfu", 0.545, 0.6492),
    "hakone": ("Hakone", 0.6166, 0.8085),
    "edo": ("Edo", 0.7084, 0.8161),
    "oshi": ("Oshi", 0.7144, 0.687),
    "takasaki": ("Takasaki", 0.701, 0.5839),
    "shibukawa": ("Shibukawa", 0.7484, 0.5116),
    "oyama": ("Oyama", 0.7683, 0.7286),
    "mito": ("Mito", 0.816, 0.7787),
    "utsunomiya": ("Utsunomiya", 0.828, 0.6265),
    "shirakawa": ("Shirakawa", 0.8775, 0.5447),
    "nihonmatsu": ("Nihonmatsu", 0.9383, 0.5206),
    "sendai": ("Sendai", 0.9824, 0.5087),
    "soma": ("Sōma", 0.9639, 0.6199),
    "iwaki": ("Iwaki", 0.8852, 0.6946),
}

# SK-4.2a: red-circle Resource Locations (capitals included, SK-4.5b).
RESOURCES: tuple[str, ...] = ("tsuruga", "takeda", "niigata", "kiso", "kyoto", "kuwana", "edo", "takasaki", "shirakawa")

# SK-4.5a: each capital and the side it belongs to.
CAPITALS: dict[str, str] = {"kyoto": "ishida", "edo": "tokugawa"}

# SK-4.3a: castle location -> original owner (printed outline colour).
CASTLES: dict[str, str] = {
    "miyazu": "tokugawa",
    "kanazawa": "tokugawa",
    "aizu": "ishida",
    "ueda": "ishida",
    "gifu": "ishida",
    "osaka": "ishida",
    "okazaki": "tokugawa",
    "anotsu": "tokugawa",
    "hakone": "tokugawa",
}

# SK-7.2.2a: Muster location -> daimyo whose mon it shows (all in their own side's colour).
MUSTER: dict[str, tuple[str, ...]] = {
    "himeji": (
        "ukita",
        "mori",
    ),
    "kanazawa": ("maeda",),
    "aizu": ("uesugi",),
    "osaka": ("kobayakawa",),
    "kiyosu": ("fukushima",),
    "edo": ("tokugawa",),
    "sendai": ("date",),
}

# SK-9.1a, SK-9.2a: the two gold discs and their castles.
DISCS: dict[str, str] = {"hideyori": "osaka", "sanada": "ueda"}
DISC_NAMES: dict[str, str] = {"hideyori": "Toyotomi Hideyori", "sanada": "Sanada Masayuki"}
MORI_ENTRY = "osaka"  # SK-9.3a
