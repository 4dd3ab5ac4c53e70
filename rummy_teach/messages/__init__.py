"""The message catalogue: every sentence a person reads, by a stable code with parameters.

Its machinery is :mod:`.catalogue` (:func:`~.catalogue.say`, :class:`~.catalogue.Reason`
and the rest; :mod:`rummy_teach.reasons` is their public face), the English templates are
:data:`.english.ENGLISH`, gathered from one module per part of the program:

* :mod:`.engine`: cards, melds and their checks, lay-offs, contracts, rule sets, notation;
* :mod:`.game`: the judge's verdicts on moves, moves narrated, positions, transcripts, the
  command line;
* :mod:`.coach`: hints, the strongest move, the review of a hand;
* :mod:`.quiz`: questions about play, the quiz widget, every built-in question's words;
* :mod:`.classroom`: the classroom's pages, refusals, report and database;
* :mod:`.lessons`: the worked examples and what the lessons' own code shows;
* :mod:`.widgets`: the pictures and the widgets (cards, the card table, the meld checker);
* :mod:`.book`: the book's editions and its pages' in-page Python.

A new code goes in the module of the part that says it (its dict ``WORDS``); the
translations are keyed by code in ``rummy_teach/locale/<lang>/*.po`` whatever module holds
the English (docs/translating.md).
"""
