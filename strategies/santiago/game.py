"""Santiago de Cuba as the orchestration layer (sim/) sees it: rules data, the compiled loop,
the strategy registry, records, trace decoding. sim.games finds this module by the package
name."""
from core.common.overlay import OverlayError
from core.santiago import check, codes, tables, trace
from core.santiago import play as records
from strategies.common.variants import loaders
from strategies.santiago import play as loops
from strategies.santiago.registry import REGISTRY

RULES_ERRORS = (tables.RulesDataError, OverlayError)
SWITCH_OPTIONS = {name: opts for name, (_, opts) in tables.SWITCH_OPTIONS.items()}
ERROR_NAMES = check.ERR_NAMES
COLOURS = codes.PLAYER_COLOURS
TRACE = trace
play_game = loops.play_game
run_batch = loops.run_batch
record_columns = records.record_columns
rules_data_hash = tables.rules_data_hash
load_tables, switch_values = loaders(tables)


def player_range(t: tables.SantiagoTables) -> tuple[int, int]:
    """Smallest and largest player count the rules data allows."""
    return int(t.misc[codes.M_MIN_PLAYERS]), int(t.misc[codes.M_MAX_PLAYERS])
