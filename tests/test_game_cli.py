"""The ``rummy-teach play`` command, run as a real process."""

import subprocess
import sys


def run(*args):
    return subprocess.run([sys.executable, "-m", "rummy_teach.cli", *args], capture_output=True,
                          text=True, timeout=120)


def test_play_prints_a_transcript_ending_with_the_scores():
    done = run("play", "--game", "basic", "--players", "2", "--levels", "hard,easy", "--seed", "7")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("Basic Rummy: Player 1 hard, Player 2 easy")
    assert any("draws from the stock" in line for line in lines)
    assert lines[-2].startswith("Game over after") and "Final scores: Player 1" in lines[-2]
    assert lines[-1].startswith("Winner: Player")


def test_play_is_repeatable_and_levels_fill_the_seats():
    a = run("play", "--game", "500", "--players", "3", "--levels", "hard,medium", "--seed", "3")
    b = run("play", "--game", "500", "--players", "3", "--levels", "hard,medium", "--seed", "3")
    assert a.returncode == 0 and a.stdout == b.stdout
    assert "Player 3 hard" in a.stdout.splitlines()[0]


def test_play_contract_shows_contracts():
    done = run("play", "--game", "contract", "--players", "3", "--levels", "medium", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "contract: two sets of 3" in done.stdout and "Hand 7" in done.stdout


def test_play_bad_level_or_player_count_exits_2():
    done = run("play", "--levels", "hard,genius")
    assert done.returncode == 2 and "genius" in done.stderr and "Traceback" not in done.stderr
    done = run("play", "--game", "contract", "--players", "2")
    assert done.returncode == 2 and "3 to 8 players" in done.stderr


def test_play_numbers_players_from_one_as_the_judge_and_the_position_builder_do():
    done = run("play", "--game", "basic", "--players", "3", "--levels", "easy", "--seed", "3")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "Player 0" not in text and "player 0" not in text
    assert text.splitlines()[0].startswith("Basic Rummy: Player 1 easy, Player 2 easy, Player 3 easy")


def test_a_game_for_one_number_of_players_says_exactly_that_in_each_language():
    said = {lang: run("play", "--game", "partnership", "--lang", lang).stderr.strip()
            for lang in ("en", "it", "nl")}
    assert said["en"] == "rummy-teach play: Partnership 500 is for exactly 4 players, not 2"
    assert said["it"].endswith("si gioca esattamente in 4, non in 2")
    assert said["nl"].endswith("is voor precies 4 spelers, niet 2")
    done = run("play", "--game", "partnership", "--players", "4", "--seed", "3")
    assert done.stdout.splitlines()[-1] == "Winning team: Player 1 and Player 3"
