"""The plan weights shared by the heuristic and greedy kernels: what a strategy values.

Values are in VP-equivalents. The first entries of every plan-based kernel's parameter vector
follow PLAN_PARAMS, so the valuation in values.py reads them by their index in W (W.SHIP,
W.BID_SHARE, ...: the parameters' names upper-cased).
"""
from core.common.layout import enum
from core.cuba import codes as C
from strategies.common.spec import Param
from strategies.common.variety import VARIETY

BUILDING_CHOICES = ("none",) + C.BUILDING_KEYS  # a focus parameter: 0 none, 1 + building kind

PLAN_PARAMS = (
    Param("ship", "weight of one VP scored by shipping (mayor and branch offices)"),
    Param("cafe", "weight of one VP scored in the rum or cigar café"),
    Param("building_vp", "weight of one VP from the other VP buildings (hotel, inn, cement "
                         "factory, saw mill, golf course, monastery)"),
    Param("statute", "weight of one VP from tax, duty and subsidies"),
    Param("alternative", "weight of the architect's alternative VP"),
    Param("build", "weight of the end bonus and other per-building effects of a building"),
    Param("money", "VP value of $1 in round 1 (it falls to nothing by the end)"),
    Param("resource", "VP value of one wood or stone held for building"),
    Param("parliament", "VP value of winning a parliament (besides the bills it passes)"),
    Param("keep_votes", "VP value per vote of the card kept for parliament"),
    Param("bid_share", "largest share of own money bid for votes (0..1)"),
    Param("bid_fear", "share of an opponent's money assumed bid against us (0..1)"),
    Param("spite", "weight of the opponents' mean gain when choosing bills (0: own gain only)"),
    Param("defer", "discount on the foreman, mayor and architect while the worker or "
                   "tradeswoman is still in hand (plays producers first)"),
    Param("store", "share of a product's value kept when it is stored for a later round"),
    Param("focus_a", "building the plan rushes", BUILDING_CHOICES),
    Param("focus_b", "second building the plan rushes", BUILDING_CHOICES),
    Param("focus_bonus", "extra VP value of building a focus building"),
    VARIETY,
)

W = enum("W", tuple(p.name.upper() for p in PLAN_PARAMS))
NPLAN = len(PLAN_PARAMS)
