"""Blood & Roses as data: the battles (one module per battle, each exposing ``BATTLE``), the stand-in
player-aid tables and the names of the unit types. Records only; the loader that checks a battle is
``battles``, the code that reads the tables is in the rule modules."""
