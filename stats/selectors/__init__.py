"""The read side's queries, one module per page family: standings (the year and ewige tables),
games (Alle Spiele, an evening), players (Spieler-Info), opponents (partners and opponents of a
player), teams (Teambilanzen, a pairing), outcomes (Sieg-Verteilungen) and ratings (the
KlammernBoss). They read stored derived results only, with a few aggregate queries a page."""
