"""Where every block starts in each scenario.

1460 is the printed set-up (R3-4.3, R3-4.4). 1469 "Kingmaker" and 1485 "Richard III" are the one-Campaign
scenarios Columbia published on its website, outside the printed text: York is King; in 1469 (Campaign 2)
Henry VI starts as a prisoner in London, 1485 is Campaign 3. See RULES.md.
"""

from __future__ import annotations

# block: (1460, 1469, 1485). Each is an area, "pool", "minor", "off" (the other version is in play), "out"
# (out of play) or "prisoner".
_SETUPS: dict[str, tuple[str, str, str]] = {
    "Y_York": ("Ireland", "out", "out"),
    "Y_March": ("Calais", "Middlesex", "out"),
    "Y_Rutland": ("Ireland", "out", "out"),
    "Y_Clarence": ("minor", "off", "out"),
    "Y_Gloucester": ("minor", "South Yorks", "Middlesex"),
    "Y_Essex": ("pool", "Essex", "Essex"),
    "Y_Hastings": ("pool", "Leicester", "out"),
    "Y_Herbert": ("pool", "out", "out"),
    "Y_Worcester": ("pool", "out", "out"),
    "Y_Suffolk": ("pool", "East Anglia", "East Anglia"),
    "Y_Norfolk": ("pool", "East Anglia", "East Anglia"),
    "Y_Buckingham": ("off", "Warwick", "off"),
    "Y_Exeter": ("off", "off", "out"),
    "Y_Rivers": ("off", "Leicester", "off"),
    "Y_Northumberland": ("off", "pool", "Northumbria"),
    "Y_Shrewsbury": ("off", "off", "off"),
    "Y_Stanley": ("off", "Lancaster", "Lancaster"),
    "Y_Arundel": ("pool", "Sussex", "Sussex"),
    "Y_Warwick": ("Calais", "off", "out"),
    "Y_Kent": ("Calais", "out", "out"),
    "Y_Salisbury": ("Calais", "out", "out"),
    "Y_Westmoreland": ("off", "pool", "pool"),
    "Y_London": ("pool", "pool", "pool"),
    "Y_Norwich": ("pool", "pool", "pool"),
    "Y_SalisburyLevy": ("pool", "pool", "pool"),
    "Y_Bombard": ("pool", "pool", "pool"),
    "Y_Canterbury": ("pool", "pool", "pool"),
    "Y_YorkChurch": ("off", "off", "pool"),
    "Y_Irish": ("Ireland", "Ireland", "Ireland"),
    "Y_Burgundian": ("Calais", "Calais", "Calais"),
    "Y_Calais": ("Calais", "Calais", "Calais"),
    "R_Rebel": ("pool", "pool", "pool"),
    "L_Scots": ("Scotland", "Scotland", "Scotland"),
    "L_Welsh": ("pool", "pool", "pool"),
    "L_French": ("France", "France", "France"),
    "L_Canterbury": ("off", "off", "off"),
    "L_YorkChurch": ("pool", "pool", "off"),
    "L_Bombard": ("pool", "pool", "pool"),
    "L_Coventry": ("pool", "pool", "pool"),
    "L_Bristol": ("pool", "pool", "pool"),
    "L_Newcastle": ("pool", "pool", "pool"),
    "L_Westmoreland": ("pool", "off", "off"),
    "L_Northumberland": ("pool", "off", "off"),
    "L_Shrewsbury": ("pool", "pool", "pool"),
    "L_Stanley": ("pool", "off", "off"),
    "L_YorkLevy": ("pool", "pool", "pool"),
    "L_Warwick": ("off", "France", "out"),
    "L_Kent": ("off", "out", "out"),
    "L_Salisbury": ("off", "out", "out"),
    "L_Oxford": ("Essex", "France", "France"),
    "L_Pembroke": ("Pembroke", "pool", "France"),
    "L_Devon": ("Cornwall", "out", "out"),
    "L_Beaumont": ("Lincoln", "out", "out"),
    "L_Buckingham": ("pool", "off", "Glamorgan"),
    "L_Clarence": ("off", "France", "out"),
    "L_Rivers": ("pool", "off", "Leicester"),
    "L_HenryVI": ("Middlesex", "prisoner", "out"),
    "L_PrinceEdward": ("minor", "France", "out"),
    "L_Exeter": ("Cornwall", "France", "out"),
    "L_Somerset": ("Dorset", "out", "out"),
    "L_Richmond": ("minor", "minor", "France"),
    "L_Clifford": ("North Yorks", "out", "out"),
    "L_Wiltshire": ("Wilts", "out", "out"),
}

SETUP_1460: dict[str, str] = {bid: where[0] for bid, where in _SETUPS.items()}
SETUP_1469: dict[str, str] = {bid: where[1] for bid, where in _SETUPS.items()}
SETUP_1485: dict[str, str] = {bid: where[2] for bid, where in _SETUPS.items()}
