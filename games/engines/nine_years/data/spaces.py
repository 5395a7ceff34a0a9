"""STAND-IN map of the war's theatres (real geography; the published map is not available).

SPACES: id -> (name, home power or None, FS (0 = unfortified), printed VP, terrain, region, port sea zones, x, y).
Terrain: "fertile" (limit 12), "normal" (8), "poor" (4), "box" (unlimited; the two home boxes, NY-2.4e).
Region: britain, ireland, lowcountries, france, empire, bavaria, austria, italy, savoy, spain, portugal, box.
Capitals and rich spaces are listed below. Every value is ours unless RULES.md cites a source.
"""

from __future__ import annotations

ES_BOX = "es_box"
AUSTRIAN_BOX = "austrian_box"

SPACES: dict[str, tuple[str, str | None, int, int, str, str, tuple[str, ...], int, int]] = {
    # British Isles
    "highlands": ("Highlands", "britain", 0, 0, "poor", "britain", (), 150, 70),
    "edinburgh": ("Edinburgh", "britain", 1, 0, "normal", "britain", ("atlantic",), 215, 120),
    "york": ("York", "britain", 0, 1, "normal", "britain", (), 235, 200),
    "london": ("London", "britain", 0, 3, "fertile", "britain", ("atlantic",), 265, 285),
    "derry": ("Derry", "britain", 1, 0, "poor", "ireland", ("atlantic",), 70, 125),
    "dublin": ("Dublin", "britain", 0, 1, "normal", "ireland", ("atlantic",), 105, 200),
    "limerick": ("Limerick", "britain", 2, 0, "normal", "ireland", ("atlantic",), 45, 250),
    "kinsale": ("Kinsale", "britain", 1, 0, "poor", "ireland", ("atlantic",), 75, 315),
    # Low Countries
    "amsterdam": ("Amsterdam", "dutch", 2, 0, "fertile", "lowcountries", ("atlantic",), 445, 215),
    "breda": ("Breda", "dutch", 2, 0, "fertile", "lowcountries", (), 430, 275),
    "maastricht": ("Maastricht", "dutch", 3, 0, "normal", "lowcountries", (), 500, 320),
    "antwerp": ("Antwerp", "spain", 2, 0, "fertile", "lowcountries", ("atlantic",), 375, 295),
    "brussels": ("Brussels", "spain", 0, 2, "fertile", "lowcountries", (), 410, 340),
    "tournai": ("Tournai", "spain", 1, 0, "fertile", "lowcountries", (), 340, 370),
    "mons": ("Mons", "spain", 2, 0, "fertile", "lowcountries", (), 390, 400),
    "charleroi": ("Charleroi", "spain", 1, 0, "normal", "lowcountries", (), 440, 420),
    "namur": ("Namur", "spain", 3, 0, "normal", "lowcountries", (), 480, 385),
    "liege": ("Liège", "empire", 1, 0, "normal", "lowcountries", (), 530, 360),
    # France
    "dunkirk": ("Dunkirk", "france", 2, 0, "fertile", "france", ("atlantic",), 300, 325),
    "lille": ("Lille", "france", 3, 0, "fertile", "france", (), 315, 380),
    "reims": ("Reims", "france", 0, 1, "fertile", "france", (), 400, 470),
    "paris": ("Paris", "france", 0, 5, "fertile", "france", (), 300, 510),
    "brest": ("Brest", "france", 2, 0, "poor", "france", ("atlantic",), 95, 470),
    "metz": ("Metz", "france", 2, 0, "normal", "france", (), 500, 470),
    "saarlouis": ("Saarlouis", "france", 1, 0, "normal", "france", (), 545, 440),
    "strasbourg": ("Strasbourg", "france", 2, 0, "normal", "france", (), 585, 570),
    "besancon": ("Besançon", "france", 2, 0, "poor", "france", (), 510, 610),
    "lyon": ("Lyon", "france", 0, 1, "fertile", "france", (), 430, 670),
    "bordeaux": ("Bordeaux", "france", 0, 1, "normal", "france", ("atlantic",), 190, 700),
    "toulouse": ("Toulouse", "france", 0, 0, "normal", "france", (), 270, 800),
    "perpignan": ("Perpignan", "france", 2, 0, "poor", "france", (), 330, 870),
    "toulon": ("Toulon", "france", 2, 0, "normal", "france", ("mediterranean",), 470, 850),
    "briancon": ("Briançon", "france", 1, 0, "poor", "france", (), 500, 730),
    "pinerolo": ("Pinerolo", "france", 2, 0, "poor", "italy", (), 560, 690),
    # Empire and Bavaria
    "cologne": ("Cologne", "empire", 0, 1, "fertile", "empire", (), 580, 330),
    "mainz": ("Mainz", "empire", 2, 0, "normal", "empire", (), 610, 410),
    "heidelberg": ("Heidelberg", "empire", 0, 0, "normal", "empire", (), 655, 470),
    "philippsburg": ("Philippsburg", "empire", 2, 0, "normal", "empire", (), 655, 520),
    ES_BOX: ("Empire/Subsidy Home Space", None, 0, 0, "box", "box", (), 730, 390),
    "ulm": ("Ulm", "bavaria", 1, 0, "normal", "bavaria", (), 750, 545),
    "munich": ("Munich", "bavaria", 0, 2, "normal", "bavaria", (), 815, 515),
    # Austria
    "vienna": ("Vienna", "austria", 3, 0, "normal", "austria", (), 925, 470),
    AUSTRIAN_BOX: ("Austrian Home Space", None, 0, 0, "box", "box", (), 925, 590),
    "innsbruck": ("Innsbruck", "austria", 0, 0, "poor", "austria", (), 815, 615),
    "trento": ("Trento", "austria", 1, 0, "poor", "austria", (), 800, 690),
    # Italy
    "milan": ("Milan", "spain", 2, 0, "fertile", "italy", (), 670, 725),
    "alessandria": ("Alessandria", "spain", 1, 0, "normal", "italy", (), 650, 800),
    "finale": ("Finale", "spain", 0, 0, "poor", "italy", ("mediterranean",), 640, 860),
    "mirandola": ("Mirandola", None, 1, 0, "normal", "italy", (), 830, 760),
    "mantua": ("Mantua", None, 3, 0, "normal", "italy", (), 750, 740),
    "parma": ("Parma", None, 0, 1, "normal", "italy", (), 735, 815),
    "papal_states": ("Papal States", None, 0, 1, "normal", "italy", (), 840, 870),
    "turin": ("Turin", "savoy", 3, 0, "normal", "savoy", (), 590, 770),
    "cuneo": ("Cuneo", "savoy", 1, 0, "poor", "savoy", (), 580, 840),
    "nice": ("Nice", "savoy", 1, 0, "poor", "savoy", ("mediterranean",), 540, 890),
    # Spain and Portugal
    "pamplona": ("Pamplona", "spain", 2, 0, "poor", "spain", (), 175, 915),
    "gerona": ("Gerona", "spain", 1, 0, "normal", "spain", (), 380, 950),
    "barcelona": ("Barcelona", "spain", 2, 0, "normal", "spain", ("mediterranean",), 330, 1010),
    "zaragoza": ("Zaragoza", "spain", 0, 1, "normal", "spain", (), 225, 990),
    "madrid": ("Madrid", "spain", 0, 5, "normal", "spain", (), 150, 1085),
    "valencia": ("Valencia", "spain", 0, 1, "normal", "spain", ("mediterranean",), 285, 1120),
    "cadiz": ("Cadiz", "spain", 2, 0, "normal", "spain", ("atlantic",), 70, 1180),
    "gibraltar": ("Gibraltar", "spain", 2, 0, "poor", "spain", ("atlantic", "mediterranean"), 150, 1225),
    "lisbon": ("Lisbon", "portugal", 2, 0, "normal", "portugal", ("atlantic",), 25, 1090),
}

# NY-2.1.1c: two spaces are adjacent only if a line connects them. (a, b, dark_red)
LINKS: tuple[tuple[str, str, bool], ...] = (
    ("highlands", "edinburgh", False),
    ("edinburgh", "york", False),
    ("york", "london", False),
    ("derry", "dublin", False),
    ("dublin", "limerick", False),
    ("dublin", "kinsale", False),
    ("limerick", "kinsale", False),
    ("amsterdam", "breda", False),
    ("breda", "antwerp", False),
    ("breda", "maastricht", False),
    ("antwerp", "brussels", False),
    ("antwerp", "dunkirk", False),
    ("brussels", "mons", False),
    ("brussels", "namur", False),
    ("tournai", "mons", False),
    ("tournai", "lille", False),
    ("dunkirk", "lille", False),
    ("mons", "charleroi", False),
    ("charleroi", "namur", False),
    ("namur", "liege", False),
    ("liege", "maastricht", False),
    ("liege", "cologne", False),
    ("maastricht", "cologne", False),
    ("lille", "paris", False),
    ("charleroi", "reims", False),
    ("reims", "paris", False),
    ("reims", "metz", False),
    ("paris", "brest", False),
    ("paris", "lyon", False),
    ("paris", "bordeaux", False),
    ("metz", "saarlouis", False),
    ("metz", "strasbourg", False),
    ("saarlouis", "mainz", False),
    ("strasbourg", "philippsburg", False),
    ("strasbourg", "besancon", False),
    ("besancon", "lyon", False),
    ("lyon", "briancon", False),
    ("lyon", "toulon", False),
    ("lyon", "toulouse", False),
    ("bordeaux", "toulouse", False),
    ("toulouse", "perpignan", False),
    ("bordeaux", "pamplona", False),
    ("briancon", "pinerolo", False),
    ("pinerolo", "turin", False),
    ("toulon", "nice", False),
    ("cologne", "mainz", False),
    ("mainz", "heidelberg", False),
    ("heidelberg", "philippsburg", False),
    ("heidelberg", "ulm", False),
    ("philippsburg", "ulm", False),
    ("ulm", "munich", False),
    ("munich", "innsbruck", False),
    ("munich", "vienna", False),
    ("innsbruck", "trento", False),
    ("trento", "mirandola", True),  # NY-2.1.4 historical note: through neutral Venice, Alliance only (A34)
    ("cologne", ES_BOX, True),  # NY-2.4f: every connection into a home box is dark red
    ("mainz", ES_BOX, True),
    ("heidelberg", ES_BOX, True),
    ("vienna", AUSTRIAN_BOX, True),
    ("innsbruck", AUSTRIAN_BOX, True),
    ("mirandola", "mantua", False),
    ("mirandola", "papal_states", False),
    ("mantua", "milan", False),
    ("mantua", "parma", False),
    ("parma", "papal_states", False),
    ("parma", "alessandria", False),
    ("milan", "alessandria", False),
    ("milan", "turin", False),
    ("alessandria", "turin", False),
    ("alessandria", "finale", False),
    ("turin", "cuneo", False),
    ("cuneo", "nice", False),
    ("perpignan", "gerona", False),
    ("gerona", "barcelona", False),
    ("barcelona", "zaragoza", False),
    ("barcelona", "valencia", False),
    ("pamplona", "zaragoza", False),
    ("zaragoza", "madrid", False),
    ("madrid", "valencia", False),
    ("madrid", "cadiz", False),
    ("madrid", "lisbon", False),
    ("cadiz", "gibraltar", False),
    ("cadiz", "lisbon", False),
)

# NY-1.1.3b, NY-2.2a-c, NY-2.4b: capitals per power (Jacobite capitals change with the Glorious Revolution).
CAPITALS: dict[str, tuple[str, ...]] = {
    "france": ("paris",),
    "catalans": ("paris",),
    "jacobites": ("london",),
    "britain": ("london",),
    "dutch": ("amsterdam",),
    "austria": ("vienna",),
    "empire": (ES_BOX,),
    "subsidy": (ES_BOX,),
    "spain": ("madrid",),
    "savoy": ("turin",),
    "bavaria": ("munich",),
}
JACOBITE_CAPITALS_AFTER_GR = ("london", "paris", "highlands")  # NY-7.2.6c, A12

# NY-2.1.5a/b: printed coins (Antwerp, Milan; Namur and Tournai observed) and the two Rich Space markers.
RICH_PRINTED = ("antwerp", "milan", "namur", "tournai")
RICH_MARKERS = ("london", "munich")

# NY-2.1.2e: Jacobite home spaces after the Glorious Revolution (plus James II's space).
JACOBITE_GR_HOMES = ("edinburgh", "highlands", "derry", "dublin", "kinsale")
JACOBITE_HOMES_BEFORE_GR = ("london", "york")  # NY-7.2.6b

ITALIAN_NEUTRALS = ("parma", "mantua", "mirandola", "papal_states")  # NY-2.3.1c

STACKING = {"fertile": 12, "normal": 8, "poor": 4, "box": None}  # NY-4.1.1b (None: unlimited)
