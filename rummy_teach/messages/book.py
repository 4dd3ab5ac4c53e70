"""The book's words: its editions' titles and parts, and its pages' in-page Python.

Part of the message catalogue (:mod:`rummy_teach.messages`).
"""

WORDS = {
    # --- the book's pages and tables in words (issue 12: words from the catalogue) -----------
    # What the static book's script says while Python starts (rummy_teach.play.page_html
    # hands these to book/_play/play/bookplay.js), the card table's status line and region
    # labels (rummy_teach/play/board.py).
    "play_starting": "Starting the rules engine in your browser…",
    "play_failed": "The rules engine could not start in this browser:",
    # --- the book page's worker when it fails (issue 12: the worker's error text) -------------
    # book/_play/play/bookplay.js shows "play_failed" followed by the reason it could not
    # start, or "play_failed_event" when Python stopped on one event; never a browser's or
    # Python's own text (rummy_teach.play.STATUS_WORDS hands these to the page).
    "play_failed_file": "Pages opened from a file cannot run it: serve the book's folder "
                        "(for example with python -m http.server) and open the page from there.",
    "play_failed_load": "Its files did not load. Reload the page to try again.",
    "play_failed_event": "The rules engine stopped while answering; the view above is the "
                         "last one it drew. Reload the page to start again.",
    # the widgets' dispatch (rummy_teach/play/__init__.py)
    "play_bad_config": "a widget configuration is a dict with a 'kind', not {config}",
    "play_no_kind": "no widget kind {kind}; kinds are {kinds}",
    # --- the book's own words, in each of its editions (book/_ext/rummy_book.py, book/editions.py;
    # issue 16, part "book"). The parts' names are the captions of book/_toc.yml, found by their
    # English; translations in locale/*/book.po.
    "book_title": "Learn Rummy",
    "book_part_start": "Start here",
    "book_part_basic": "Basic Rummy",
    "book_part_500": "Rummy 500",
    "book_part_contract": "Contract Rummy",
    "book_part_rules": "The rules in full",
    "book_part_side": "Side by side",
    "book_part_teachers": "For teachers",
    "book_languages": "This book in other languages",
    "book_search_placeholder": "Search this book...",
    "book_skip_to_table": "Skip to the card table",
    "book_go_further": "Go further",
    "book_go_further_title": "Go further: change the code",
    "book_run_live": "Run this lesson live",
    "book_run_live_how": "the same lesson in JupyterLab, running in your browser: nothing to "
                         "install, no server. JupyterLab starts beside this page while you "
                         "read and play here; open it, choose {menu}, then change any cell and run it "
                         "again.",
    # JupyterLab's words its Italian and Dutch language packs leave out, added to the live
    # site's packs (lite/build.py, add_languages): the menu bar's titles, and the menu item
    # book_run_live_how names (as "{lab_menu_run} › {lab_run_all_cells}")
    "lab_menu_file": "File",
    "lab_menu_edit": "Edit",
    "lab_menu_view": "View",
    "lab_menu_run": "Run",
    "lab_menu_kernel": "Kernel",
    "lab_menu_tabs": "Tabs",
    "lab_menu_settings": "Settings",
    "lab_menu_help": "Help",
    "lab_run_all_cells": "Run All Cells",
    # the bar at the foot of the page while JupyterLab starts beside it (book/_play/play/live.js)
    "book_live_bar": "Live lesson",
    "book_live_app": "Loading JupyterLab… The tables on this page keep playing meanwhile.",
    "book_live_notebook": "Opening this lesson in JupyterLab…",
    "book_live_kernel": "Starting Python in JupyterLab…",
    "book_live_ready": "JupyterLab is ready: the lesson is open and its Python is running.",
    "book_live_missing": "This site has no live lessons: JupyterLab's files are not here. The "
                         "lessons' pages still play.",
    "book_live_open": "Open JupyterLab",
    "book_live_close": "Close",
    "book_live_back": "Back to the lesson page",
    "book_live_frame": "This lesson in JupyterLab",
    "book_live_file": "A page opened from a file cannot start JupyterLab: serve the book's "
                      "folder (for example with python -m http.server) and open the page "
                      "from there.",
    "book_show_code": "Show code",
    "book_hide_code": "Hide code",
    # myst-nb's toggles of the cells a lesson folds whole (hide-cell, hide-output)
    "book_show_cell": "Show code cell content",
    "book_hide_cell": "Hide code cell content",
    "book_show_output": "Show code cell output",
    "book_hide_output": "Hide code cell output",
    "book_show_source": "Show code cell source",
    "book_hide_source": "Hide code cell source",
    "book_toc_toggle": "Show or hide the pages under it",
    # the badge of the {choice} role: a rule the sources leave open, as this book plays it
    "book_choice_badge": "our choice",
}
