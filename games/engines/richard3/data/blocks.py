"""Every block of both sides and the rebel: what it is, its rating and seats, and its name.

Facts from the Columbia Games blocks as recovered in `shared/data/richard3.json`; see RULES.md.
"""

from __future__ import annotations

from typing import NamedTuple

# The side of a block is the prefix of its id.
SIDE_OF_PREFIX: dict[str, str] = {"Y": "york", "L": "lancaster", "R": "rebel"}


class Block(NamedTuple):
    kind: str  # heir, lord, church, levy, bombard, mercenary or rebel
    rating: str  # initiative letter and firepower as printed, "B3"
    steps: int  # maximum strength
    loyalty: int | str | None  # treachery dice; "neville": 2, or 1 when Warwick rolls; None: never defects
    rose: bool
    rank: int | None  # heirs' order of succession
    seats: tuple[str, ...]  # shield / home areas


# id: Block(kind, rating, steps, loyalty, rose, rank, seats). A block that can defect (a loyalty rating) has
# a twin: its version on the other side, the same id with the other prefix.
_BLOCKS: dict[str, Block] = {
    "Y_York": Block("heir", "B3", 4, None, False, 1, ("South Yorks", "Hereford", "Rutland")),
    "Y_March": Block("heir", "A3", 3, None, False, 2, ("South Yorks", "Hereford", "Rutland")),
    "Y_Rutland": Block("heir", "B1", 3, None, False, 3, ("South Yorks", "Hereford", "Rutland")),
    "Y_Clarence": Block("heir", "B2", 3, 1, False, 4, ("South Yorks", "Hereford", "Rutland")),
    "Y_Gloucester": Block("heir", "B3", 3, None, False, 5, ("South Yorks", "Hereford", "Rutland")),
    "Y_Essex": Block("lord", "B1", 3, None, True, None, ("Essex",)),
    "Y_Hastings": Block("lord", "B2", 3, None, True, None, ("Leicester",)),
    "Y_Herbert": Block("lord", "A2", 3, None, True, None, ("Glamorgan",)),
    "Y_Worcester": Block("lord", "B2", 2, None, True, None, ("Rutland",)),
    "Y_Suffolk": Block("lord", "B2", 3, None, True, None, ("East Anglia", "Oxford")),
    "Y_Norfolk": Block("lord", "B2", 4, None, True, None, ("Caernarvon", "East Anglia", "Glamorgan")),
    "Y_Buckingham": Block("lord", "B2", 4, 1, False, None, ("Warwick", "Glamorgan", "Kent")),
    "Y_Exeter": Block("lord", "A1", 3, 1, False, None, ("Cornwall",)),
    "Y_Rivers": Block("lord", "B2", 2, 2, False, None, ("Leicester",)),
    "Y_Northumberland": Block("lord", "B3", 4, 1, False, None, ("Northumbria", "Cumbria", "East Yorks")),
    "Y_Shrewsbury": Block("lord", "A1", 3, 1, False, None, ("South Yorks",)),
    "Y_Stanley": Block("lord", "B2", 4, 1, False, None, ("Isle of Man", "Lancaster")),
    "Y_Arundel": Block("lord", "B2", 3, None, True, None, ("Sussex",)),
    "Y_Warwick": Block("lord", "B3", 4, 3, False, None, ("Warwick", "Glamorgan", "Calais")),
    "Y_Kent": Block("lord", "A2", 3, "neville", False, None, ("East Yorks",)),
    "Y_Salisbury": Block("lord", "B2", 3, "neville", False, None, ("North Yorks", "East Yorks")),
    "Y_Westmoreland": Block("lord", "B2", 3, 2, False, None, ("Northumbria",)),
    "Y_London": Block("levy", "C3", 4, None, False, None, ("Middlesex",)),
    "Y_Norwich": Block("levy", "C2", 4, None, False, None, ("East Anglia",)),
    "Y_SalisburyLevy": Block("levy", "C2", 4, None, False, None, ("Wilts",)),
    "Y_Bombard": Block("bombard", "D3", 3, None, False, None, ()),
    "Y_Canterbury": Block("church", "C1", 3, 2, False, None, ("Kent",)),
    "Y_YorkChurch": Block("church", "C2", 3, 1, False, None, ("South Yorks",)),
    "Y_Irish": Block("mercenary", "B2", 4, None, False, None, ("Ireland",)),
    "Y_Burgundian": Block("mercenary", "A3", 3, None, False, None, ("Calais",)),
    "Y_Calais": Block("mercenary", "B4", 3, None, False, None, ("Calais",)),
    "R_Rebel": Block("rebel", "A2", 4, None, False, None, ()),
    "L_Scots": Block("mercenary", "B3", 4, None, False, None, ("Scotland",)),
    "L_Welsh": Block("mercenary", "A2", 3, None, False, None, ("Caernarvon", "Powys", "Pembroke", "Glamorgan")),
    "L_French": Block("mercenary", "B3", 4, None, False, None, ("France",)),
    "L_Canterbury": Block("church", "C1", 3, 1, False, None, ("Kent",)),
    "L_YorkChurch": Block("church", "C2", 3, 2, False, None, ("South Yorks",)),
    "L_Bombard": Block("bombard", "D3", 3, None, False, None, ()),
    "L_Coventry": Block("levy", "C2", 4, None, False, None, ("Warwick",)),
    "L_Bristol": Block("levy", "C2", 4, None, False, None, ("Somerset",)),
    "L_Newcastle": Block("levy", "C3", 4, None, False, None, ("Northumbria",)),
    "L_Westmoreland": Block("lord", "B2", 3, 2, False, None, ("Northumbria",)),
    "L_Northumberland": Block("lord", "B3", 4, 2, False, None, ("Northumbria", "Cumbria", "East Yorks")),
    "L_Shrewsbury": Block("lord", "A1", 3, 2, False, None, ("South Yorks",)),
    "L_Stanley": Block("lord", "B2", 4, 1, False, None, ("Isle of Man", "Lancaster")),
    "L_YorkLevy": Block("levy", "C3", 4, None, False, None, ("South Yorks",)),
    "L_Warwick": Block("lord", "B3", 4, 3, False, None, ("Warwick", "Glamorgan")),
    "L_Kent": Block("lord", "A2", 3, "neville", False, None, ("East Yorks",)),
    "L_Salisbury": Block("lord", "B2", 3, "neville", False, None, ("North Yorks", "East Yorks")),
    "L_Oxford": Block("lord", "A2", 3, None, True, None, ("Essex",)),
    "L_Pembroke": Block("lord", "B2", 3, None, True, None, ("Pembroke",)),
    "L_Devon": Block("lord", "B2", 2, None, True, None, ("Cornwall",)),
    "L_Beaumont": Block("lord", "B2", 3, None, True, None, ("Lincoln",)),
    "L_Buckingham": Block("lord", "B2", 4, 1, False, None, ("Warwick", "Glamorgan", "Kent")),
    "L_Clarence": Block("lord", "B2", 3, 1, False, None, ("South Yorks", "Hereford", "Rutland")),
    "L_Rivers": Block("lord", "B2", 2, 1, False, None, ("Leicester",)),
    "L_HenryVI": Block("heir", "B2", 4, None, False, 1, ("Lancaster", "Lincoln")),
    "L_PrinceEdward": Block("heir", "B1", 3, None, False, 2, ("Lancaster", "Lincoln")),
    "L_Exeter": Block("heir", "A1", 3, 2, False, 3, ("Cornwall", "Lancaster", "Lincoln")),
    "L_Somerset": Block("heir", "A2", 3, None, False, 4, ("Dorset", "Lancaster", "Lincoln")),
    "L_Richmond": Block("heir", "B2", 3, None, False, 5, ("Pembroke", "Lancaster", "Lincoln")),
    "L_Clifford": Block("lord", "A2", 3, None, True, None, ("Cumbria", "North Yorks")),
    "L_Wiltshire": Block("lord", "B2", 3, None, True, None, ("Wilts",)),
}

# id: (name on the block, full title)
NAMES: dict[str, tuple[str, str]] = {
    "Y_York": ("York", "Duke of York (Richard Plantagenet)"),
    "Y_March": ("March", "Earl of March (later Edward IV)"),
    "Y_Rutland": ("Rutland", "Earl of Rutland"),
    "Y_Clarence": ("Clarence", "Duke of Clarence"),
    "Y_Gloucester": ("Gloucester", "Duke of Gloucester (later Richard III)"),
    "Y_Essex": ("Essex", "Earl of Essex"),
    "Y_Hastings": ("Hastings", "Lord Hastings"),
    "Y_Herbert": ("Herbert", "Lord Herbert"),
    "Y_Worcester": ("Worcester", "Earl of Worcester"),
    "Y_Suffolk": ("Suffolk", "Duke of Suffolk"),
    "Y_Norfolk": ("Norfolk", "Duke of Norfolk"),
    "Y_Buckingham": ("Buckingham", "Duke of Buckingham"),
    "Y_Exeter": ("Exeter", "Duke of Exeter (as Yorkist noble)"),
    "Y_Rivers": ("Rivers", "Lord Rivers"),
    "Y_Northumberland": ("Northumberland", "Earl of Northumberland"),
    "Y_Shrewsbury": ("Shrewsbury", "Earl of Shrewsbury"),
    "Y_Stanley": ("Stanley", "Lord Stanley"),
    "Y_Arundel": ("Arundel", "Earl of Arundel"),
    "Y_Warwick": ("Warwick", "Earl of Warwick (the Kingmaker)"),
    "Y_Kent": ("Kent", "Earl of Kent (Fauconberg)"),
    "Y_Salisbury": ("Salisbury", "Earl of Salisbury"),
    "Y_Westmoreland": ("Westmoreland", "Earl of Westmoreland"),
    "Y_London": ("London levy", "London (city levy)"),
    "Y_Norwich": ("Norwich levy", "Norwich (city levy)"),
    "Y_SalisburyLevy": ("Salisbury levy", "Salisbury (city levy)"),
    "Y_Bombard": ("Bombard", "Bombard"),
    "Y_Canterbury": ("Canterbury", "Archbishop of Canterbury (church)"),
    "Y_YorkChurch": ("York church", "Archbishop of York (church)"),
    "Y_Irish": ("Irish", "Irish mercenary"),
    "Y_Burgundian": ("Burgundian", "Burgundian mercenary"),
    "Y_Calais": ("Calais", "Calais mercenary (garrison)"),
    "R_Rebel": ("Rebel", "Rebel"),
    "L_Scots": ("Scots", "Scots mercenary"),
    "L_Welsh": ("Welsh", "Welsh mercenary"),
    "L_French": ("French", "French mercenary"),
    "L_Canterbury": ("Canterbury", "Archbishop of Canterbury (church)"),
    "L_YorkChurch": ("York church", "Archbishop of York (church)"),
    "L_Bombard": ("Bombard", "Bombard"),
    "L_Coventry": ("Coventry levy", "Coventry (city levy)"),
    "L_Bristol": ("Bristol levy", "Bristol (city levy)"),
    "L_Newcastle": ("Newcastle levy", "Newcastle (city levy)"),
    "L_Westmoreland": ("Westmoreland", "Earl of Westmoreland"),
    "L_Northumberland": ("Northumberland", "Earl of Northumberland"),
    "L_Shrewsbury": ("Shrewsbury", "Earl of Shrewsbury"),
    "L_Stanley": ("Stanley", "Lord Stanley"),
    "L_YorkLevy": ("York levy", "York (city levy)"),
    "L_Warwick": ("Warwick", "Earl of Warwick (the Kingmaker)"),
    "L_Kent": ("Kent", "Earl of Kent (Fauconberg)"),
    "L_Salisbury": ("Salisbury", "Earl of Salisbury"),
    "L_Oxford": ("Oxford", "Earl of Oxford"),
    "L_Pembroke": ("Pembroke", "Earl of Pembroke (Jasper Tudor)"),
    "L_Devon": ("Devon", "Earl of Devon"),
    "L_Beaumont": ("Beaumont", "Viscount Beaumont"),
    "L_Buckingham": ("Buckingham", "Duke of Buckingham"),
    "L_Clarence": ("Clarence", "Duke of Clarence (as Lancastrian noble)"),
    "L_Rivers": ("Rivers", "Lord Rivers"),
    "L_HenryVI": ("Henry VI", "King Henry VI (with Margaret of Anjou)"),
    "L_PrinceEdward": ("Prince Edward", "Prince Edward of Westminster"),
    "L_Exeter": ("Exeter", "Duke of Exeter"),
    "L_Somerset": ("Somerset", "Duke of Somerset"),
    "L_Richmond": ("Richmond", "Earl of Richmond (Henry Tudor)"),
    "L_Clifford": ("Clifford", "Lord Clifford"),
    "L_Wiltshire": ("Wiltshire", "Earl of Wiltshire"),
}


def _twin(bid: str, row: Block) -> str | None:
    if row.loyalty is None:
        return None
    return {"Y": "L", "L": "Y"}[bid[0]] + bid[1:]


# Block id -> facts, one dict per block: side, kind, name, title, init, fp, steps, loyalty, rose, rank, seats
# (a list), twin (the other version's id or None).
BLOCKS: dict[str, dict] = {
    bid: {
        "side": SIDE_OF_PREFIX[bid[0]],
        "kind": row.kind,
        "name": NAMES[bid][0],
        "title": NAMES[bid][1],
        "init": row.rating[0],
        "fp": int(row.rating[1:]),
        "steps": row.steps,
        "loyalty": row.loyalty,
        "rose": row.rose,
        "rank": row.rank,
        "seats": list(row.seats),
        "twin": _twin(bid, row),
    }
    for bid, row in _BLOCKS.items()
}
