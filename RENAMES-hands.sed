# Issue 30 item 4: the hands mixin (HandCommands) became two parts of the aggregate,
# tournament.hands (_hands.py) and tournament.busts (_busts.py); the pure plan/event of a hand
# decided from a copy of the table moved to _hand_played.py.
# Apply with: sed -i -f RENAMES-hands.sed <files the branch changed>
# Do NOT apply it to src/pokerfloor/tournament/_hands.py, _busts.py, _hand_played.py, state.py,
# snapshot.py (already written for the parts). The last lines undo a doubled prefix, so running
# it twice, or on a line already renamed, is harmless. Then run `ruff check --fix` and
# `ruff format` (an import moved to _hand_played sorts elsewhere; a renamed line may be longer).
#
# ---- methods of tournament.hands ----
s/\.hand_begins_at(/.hands.begins_at(/g
s/\.next_hand_begins(/.hands.next_begins(/g
s/\.level_of_hand(/.hands.level_of(/g
s/\._level_of_last_hand(/.hands.level_of_last(/g
s/\.plan_hand(/.hands.plan(/g
s/\.hand_plan(/.hands.plan_from(/g
s/\.hand_killed(/.hands.killed(/g
s/\.seated_for_hand(/.hands.seated(/g
s/\.plan_next_hand(/.hands.plan_next(/g
s/\.plan_reported_hand(/.hands.plan_reported(/g
s/\.record_hand(/.hands.record(/g
s/\.record_hand_played(/.hands.record_played(/g
s/\.round_waits_for(/.hands.round_waits_for(/g
s/\._check_total(/.hands.check_total(/g
s/\.set_hand_for_hand(/.hands.set_hand_for_hand(/g
s/\.hand_for_hand_hand_played(/.hands.close_round(/g
# ---- methods of tournament.busts ----
s/\.bust_players(/.busts.report(/g
s/\.settle_busts(/.busts.settle(/g
s/\.current_places(/.busts.places(/g
# ---- attributes that moved from the aggregate to the parts (receiver named, so that
# ---- event.round_no and the like are left alone) ----
s/\(tournament\|host\|self\.host\)\.table_ready_at\b/\1.hands.table_ready_at/g
s/\(tournament\|host\|self\.host\)\.table_started_at\b/\1.hands.table_started_at/g
s/\(tournament\|host\|self\.host\)\.round_no\b/\1.hands.round_no/g
s/\(tournament\|host\|self\.host\)\.round_played\b/\1.hands.round_played/g
s/\(tournament\|host\|self\.host\)\.round_of_hand\b/\1.hands.round_of_hand/g
s/\(tournament\|host\|self\.host\)\.hand_for_hand_paused\b/\1.hands.hand_for_hand_paused/g
s/\(tournament\|host\|self\.host\)\.last_busts\b/\1.busts.last/g
s/\(tournament\|host\|self\.host\)\.last_bust_round\b/\1.busts.last_round/g
s/\(tournament\|host\|self\.host\)\.last_bust_at\b/\1.busts.last_at/g
# ---- the same methods named without a call (passed as callables, in docstrings) ----
s/\(tournament\|host\|self\.host\)\.hand_begins_at\b/\1.hands.begins_at/g
s/\(tournament\|host\|self\.host\)\.next_hand_begins\b/\1.hands.next_begins/g
s/\(tournament\|host\|self\.host\)\.level_of_hand\b/\1.hands.level_of/g
s/\(tournament\|host\|self\.host\)\.plan_hand\b/\1.hands.plan/g
s/\(tournament\|host\|self\.host\)\.hand_plan\b/\1.hands.plan_from/g
s/\(tournament\|host\|self\.host\)\.hand_killed\b/\1.hands.killed/g
s/\(tournament\|host\|self\.host\)\.seated_for_hand\b/\1.hands.seated/g
s/\(tournament\|host\|self\.host\)\.plan_next_hand\b/\1.hands.plan_next/g
s/\(tournament\|host\|self\.host\)\.plan_reported_hand\b/\1.hands.plan_reported/g
s/\(tournament\|host\|self\.host\)\.record_hand\b/\1.hands.record/g
s/\(tournament\|host\|self\.host\)\.record_hand_played\b/\1.hands.record_played/g
s/\(tournament\|host\|self\.host\)\.round_waits_for\b/\1.hands.round_waits_for/g
s/\(tournament\|host\|self\.host\)\.set_hand_for_hand\b/\1.hands.set_hand_for_hand/g
s/\(tournament\|host\|self\.host\)\.hand_for_hand_hand_played\b/\1.hands.close_round/g
s/\(tournament\|host\|self\.host\)\.bust_players\b/\1.busts.report/g
s/\(tournament\|host\|self\.host\)\.settle_busts\b/\1.busts.settle/g
s/\(tournament\|host\|self\.host\)\.current_places\b/\1.busts.places/g
s/\bTournament\.hand_begins_at\b/Hands.begins_at/g
s/\bTournament\.next_hand_begins\b/Hands.next_begins/g
s/\bTournament\.level_of_hand\b/Hands.level_of/g
s/\bTournament\.plan_hand\b/Hands.plan/g
s/\bTournament\.hand_plan\b/Hands.plan_from/g
s/\bTournament\.hand_killed\b/Hands.killed/g
s/\bTournament\.seated_for_hand\b/Hands.seated/g
s/\bTournament\.plan_next_hand\b/Hands.plan_next/g
s/\bTournament\.plan_reported_hand\b/Hands.plan_reported/g
s/\bTournament\.record_hand\b/Hands.record/g
s/\bTournament\.record_hand_played\b/Hands.record_played/g
s/\bTournament\.round_waits_for\b/Hands.round_waits_for/g
s/\bTournament\.set_hand_for_hand\b/Hands.set_hand_for_hand/g
s/\bTournament\.hand_for_hand_hand_played\b/Hands.close_round/g
s/\bTournament\.bust_players\b/Busts.report/g
s/\bTournament\.settle_busts\b/Busts.settle/g
s/\bTournament\.current_places\b/Busts.places/g
# ---- the delegations removed from Tournament (they had no caller outside _hands.py) ----
s/\(tournament\|host\|self\.host\)\.rebuy_refusal(/\1.desk.rebuy_refusal(/g
s/\(tournament\|host\|self\.host\)\._rebuy(/\1.desk.record_rebuy(/g
s/\(tournament\|host\|self\.host\)\._knockouts(/\1.bounties.knockouts(/g
s/\(tournament\|host\|self\.host\)\._reinstate(/\1.corrections.reinstate(/g
# ---- imports ----
s/from pokerfloor\.tournament\._hands import hand_played, plan_of_hand/from pokerfloor.tournament._hand_played import hand_played, plan_of_hand/
# ---- a prefix doubled by a line already renamed ----
s/\.hands\.hands\./.hands./g
s/\.busts\.busts\./.busts./g
s/\bhands\.hands\./hands./g
s/\bbusts\.busts\./busts./g
# ---- the pure functions' module in docstrings ----
s/_hands\.plan_of_hand/_hand_played.plan_of_hand/g
s/_hands\.hand_played/_hand_played.hand_played/g
