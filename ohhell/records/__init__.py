"""Records of real and simulated deals: the JSON record, replay, score sheets."""

from ohhell.records.record import DealRecord, read_jsonl, write_jsonl
from ohhell.records.replay import replay, replay_file
from ohhell.records.scoresheet import ScoreSheet

__all__ = ["DealRecord", "read_jsonl", "write_jsonl", "replay", "replay_file", "ScoreSheet"]
