"""Siberia as the orchestration layer (sim/) sees it: rules data, the compiled loop, the
strategy registry, records, trace decoding. sim.games finds this module by the package name."""
from core.common.overlay import OverlayError
from core.siberia import check, codes, tables, trace
from core.siberia.play import record_columns  # noqa: F401 (part of the game's interface)
from strategies.common.variants import loaders
from strategies.siberia.play import play_game, run_batch  # noqa: F401 (the compiled loop)
from strategies.siberia.registry import REGISTRY  # noqa: F401

RULES_ERRORS = (tables.RulesDataError, OverlayError)
SWITCH_OPTIONS = {name: options for name, (_, options) in tables.SWITCH_OPTIONS.items()}
ERROR_NAMES = check.ERR_NAMES
COLOURS = codes.COLOURS
TRACE = trace
rules_data_hash = tables.rules_data_hash
load_tables, switch_values = loaders(tables)


def player_range(t: tables.SiberiaTables) -> tuple[int, int]:
    """Smallest and largest player count: misc.min_players and the players_max switch
    (SIB-R0, SIB-V2)."""
    return int(t.misc[codes.M_MIN_PLAYERS]), int(t.switches[codes.SW_PLAYERS_MAX])
