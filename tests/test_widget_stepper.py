"""The worked-example stepper: Back / Next / Restart, captions and tables from the engine."""

import pytest

from rummy_teach.widgets import Stepper
from rummy_teach.lessons.worked_examples import EXAMPLES, THIRTY_POINTS


def test_steps_forward_and_back_with_the_buttons():
    stepper = Stepper("thirty_points")
    assert stepper.step == 0 and "BOTH hands face up" in stepper.caption.value
    assert stepper.buttons["prev"].disabled and not stepper.buttons["next"].disabled
    stepper.buttons["next"].click()
    assert stepper.step == 1 and "7♥" in stepper.caption.value
    assert 'aria-label="seven of hearts"' in stepper.board.value
    stepper.buttons["prev"].click()
    assert stepper.step == 0
    stepper.go(5)
    stepper.buttons["restart"].click()
    assert stepper.step == 0 and "Step 0 of 11" in stepper.counter.value


def test_the_last_step_of_the_thirty_point_hand_reads_30_and_60():
    stepper = Stepper(THIRTY_POINTS)
    for _ in range(stepper.last + 3):  # Next stops at the end
        stepper.next()
    assert stepper.step == stepper.last and stepper.buttons["next"].disabled
    assert "you score 30" in stepper.caption.value and "60" in stepper.caption.value
    assert "You went out." in stepper.board.value and "+30" in stepper.board.value
    # both hands were face up in this example: the opponent's deadwood is drawn as cards
    assert 'aria-label="king of clubs"' in stepper.board.value


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_example_steps_to_its_end(name):
    stepper = Stepper(name)
    while stepper.step < stepper.last:
        stepper.next()
        assert stepper.caption.value and "rt-table" in stepper.board.value


def test_hands_not_face_up_stay_hidden():
    stepper = Stepper("contract_last_hand", step=1)
    board = stepper.board.value
    assert "12 face-down cards" in board  # Right's hand, as backs
    right = stepper.game().hand(2)
    assert not any(f'aria-label="{c.name}"' in board for c in right if c.face not in
                   {x.face for x in stepper.game().hand(0)})


def test_static_snapshot_shows_the_step_and_carries_every_step():
    stepper = Stepper("thirty_points", step=3)
    snap = stepper.snapshot_html()
    shown = snap.split("<template")[0]
    assert "Step 3 of 11" in shown and "You meld the run" in snap and "you score 30" in snap
    assert snap.count('<template data-view="') == stepper.last + 1
    data, _ = stepper._repr_mimebundle_()
    assert data["text/html"] == snap
    with pytest.raises(ValueError):
        stepper.go(99)
