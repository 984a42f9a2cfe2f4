"""Fort's own simulation drivers (issue 33 item 5): its pull API (``pull``: a game stepped one
decision at a time), its batches of games (``batch``) and the figures of many games
(``stats``). They lived in the core's ``fortlang/sim/`` until the module seam carried them."""
