"""What a player may see: the view sent to the card table in the browser."""

import json

from rummy_teach.game import from_deal, new_game

KEYS = {"game", "title", "player", "players", "hand_number", "dealer", "to_move", "phase", "hand",
        "hand_sizes", "table", "melds_by_owner", "discard_pile", "discard_size", "stock_size", "scores",
        "hand_scores", "contract", "buy_offer", "known_cards", "legal_actions", "is_game_over", "winners"}


def test_view_is_plain_json_with_the_documented_keys():
    game = new_game("contract", 4, seed=3)
    for p in range(4):
        view = game.view(p)
        assert KEYS <= set(view)
        assert json.loads(json.dumps(view)) == view


def test_view_shows_own_hand_counts_of_others_and_only_the_top_discard():
    game = from_deal("basic", ["2S 5H 9D", "3H 6D 10C QS"], stock="AH 2D", discard="4C 8D KC",
                     table=[(1, "JS JH JD")], constructed=True)
    view = game.view(0)
    assert view["hand"] == ["2S", "5H", "9D"] and view["hand_sizes"] == [3, 4]
    assert view["discard_pile"] == ["KC"] and view["discard_size"] == 3 and view["stock_size"] == 2
    assert view["melds_by_owner"] == {"0": [], "1": [1]}
    text = json.dumps(view)
    for hidden in ("3H", "6D", "10C", "QS", "AH", "2D", "4C", "8D"):
        assert f'"{hidden}"' not in text
    assert view["legal_actions"] == ["draw", "take"] and game.view(1)["legal_actions"] == []


def test_taken_cards_become_public_knowledge():
    game = from_deal("basic", ["2S 5H 9D", "3H 6D 10C QS"], stock="AH 2D", discard="4C 8D KC", constructed=True)
    game.apply("take").apply("discard 2S")
    assert game.view(1)["known_cards"] == {"0": ["KC"]}
    assert game.view(1)["discards"]["0"] == ["2S"]
