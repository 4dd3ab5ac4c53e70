"""The class report as HTML: tables and an inline SVG bar chart, pure functions.

No JavaScript and no outside resources (fonts, scripts, images), so the page
shows the same in Voilà, in a saved file and offline on a projector. Large type,
dark text on light ground; every bar carries its number, so colour is never the
only cue.
"""

from __future__ import annotations

from html import escape

from ..i18n import number_text
from ..plural import Percent
from ..quiz.words import said
from ..reasons import say
from .report import QUESTION_COLUMNS, STUDENT_COLUMNS, ClassReport, display_names, missed_line, share

BAR_ROW = 40          # px per question in the chart
LABEL_WIDTH = 340     # px for the question labels
BAR_WIDTH = 420       # px for a 100% bar
LABEL_CHARS = 30      # longer labels are cut; the full text is in the bar's <title>

STYLE = """
.rummy-report { font-family: system-ui, sans-serif; font-size: 20px; color: #111; background: #fff;
  max-width: 60em; line-height: 1.4; }
.rummy-report h2 { font-size: 1.6em; margin: 0.4em 0; }
.rummy-report h3 { font-size: 1.25em; margin: 1.2em 0 0.4em; }
.rummy-report .summary { font-size: 1.15em; font-weight: 600; }
.rummy-report table { border-collapse: collapse; margin: 0.3em 0; }
.rummy-report th, .rummy-report td { border-bottom: 1px solid #999; padding: 0.25em 0.8em;
  text-align: left; }
.rummy-report td.n, .rummy-report th.n { text-align: right; font-variant-numeric: tabular-nums; }
.rummy-report th { background: #e8e8e8; }
.rummy-report .low { color: #9b1c1c; font-weight: 700; }
"""

_COLOURS = ((0.5, "#b3261e"), (0.8, "#8a5300"), (1.01, "#1b6e3a"))  # red, amber, green


def _colour(rate: float | None) -> str:
    if rate is None:
        return "#777777"
    return next(colour for limit, colour in _COLOURS if rate < limit)


def _cut(text: str, limit: int = LABEL_CHARS) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def bar_chart_svg(report: ClassReport) -> str:
    """An SVG bar chart of success rate per question (empty string if no questions)."""
    questions = report.questions
    if not questions:
        return ""
    many = len(report.quizzes) > 1
    width, height = LABEL_WIDTH + BAR_WIDTH + 90, BAR_ROW * len(questions) + 30
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" font-family="system-ui, sans-serif" '
             f'font-size="18" aria-label="{escape(say("class_report_chart"))}">',
             f'<line x1="{LABEL_WIDTH}" y1="0" x2="{LABEL_WIDTH}" y2="{height - 25}" stroke="#111"/>']
    for i, q in enumerate(questions):
        y = i * BAR_ROW
        name = f"{q.quiz}/{q.question_id}" if many else q.question_id
        rule = said(q.rule)
        label = _cut(f"{name} - {rule}" if rule else name)
        rate = q.success_rate
        bar = round(BAR_WIDTH * (rate or 0))
        full = say("class_chart_bar", question=name, rate=share(rate), right=q.right,
                   attempts=q.attempts, rule=rule or say("class_report_no_rule"))
        parts.append(
            f'<g><title>{escape(full)}</title>'
            f'<text x="{LABEL_WIDTH - 8}" y="{y + 26}" text-anchor="end" fill="#111">'
            f'{escape(label)}</text>'
            f'<rect x="{LABEL_WIDTH}" y="{y + 8}" width="{bar}" height="{BAR_ROW - 12}" '
            f'fill="{_colour(rate)}"/>'
            f'<text x="{LABEL_WIDTH + bar + 8}" y="{y + 26}" fill="#111">'
            f'{number_text(share(rate))}</text></g>')
    axis_y = height - 8
    for tick in (0, 50, 100):
        x = LABEL_WIDTH + BAR_WIDTH * tick // 100
        parts.append(f'<text x="{x}" y="{axis_y}" text-anchor="middle" font-size="14" '
                     f'fill="#333">{number_text(Percent(tick / 100))}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _cell(value, numeric=False, low=False) -> str:
    classes = " ".join(c for c, on in (("n", numeric), ("low", low)) if on)
    opening = f'<td class="{classes}">' if classes else "<td>"
    return f"{opening}{escape(number_text(value))}</td>"


def _html_table(header: tuple, numeric: set[int], rows: list[list[str]]) -> str:
    head = "".join(f'<th class="n">{escape(h)}</th>' if i in numeric else f"<th>{escape(h)}</th>"
                   for i, h in enumerate(header))
    return f"<table><thead><tr>{head}</tr></thead><tbody>" + "".join(
        "<tr>" + "".join(row) + "</tr>" for row in rows) + "</tbody></table>"


def _is_low(rate) -> bool:
    return rate is not None and rate < 0.5


def report_html(report: ClassReport, *, title: str | None = None) -> str:
    """An HTML fragment (one <section>) for a Voilà page or a notebook."""
    title = say("class_report_heading") if title is None else title
    scope = " · ".join(filter(None, (", ".join(report.sessions), ", ".join(report.quizzes))))
    out = [f'<section class="rummy-report"><style>{STYLE}</style>',
           f"<h2>{escape(title)}{' - ' + escape(scope) if scope else ''}</h2>",
           f'<p class="summary">{escape(report.summary)}</p>']
    if report.questions:
        many = len(report.quizzes) > 1
        out.append(f"<h3>{escape(say('class_report_chart'))}</h3>" + bar_chart_svg(report))
        out.append(f"<h3>{escape(say('class_report_by_question'))}</h3>" + _html_table(
            tuple(say(c) for c in QUESTION_COLUMNS), {2, 3, 4},
            [[_cell(f"{q.quiz}/{q.question_id}" if many else q.question_id), _cell(said(q.rule)),
              _cell(q.attempts, True), _cell(q.right, True),
              _cell(share(q.success_rate), True, _is_low(q.success_rate))]
             for q in report.questions]))
    if report.most_missed:
        out.append(f"<h3>{escape(say('class_report_most_missed'))}</h3><ol>" + "".join(
            f"<li>{escape(missed_line(q))}</li>" for q in report.most_missed) + "</ol>")
    if report.students:
        names = display_names(report)
        out.append(f"<h3>{escape(say('class_report_by_student'))}</h3>" + _html_table(
            tuple(say(c) for c in STUDENT_COLUMNS), {1, 2, 3, 4},
            [[_cell(names[s.student_id]), _cell(s.answers, True), _cell(s.right, True),
              _cell(share(s.success_rate), True, _is_low(s.success_rate)),
              _cell(s.unreadable, True)] for s in report.students]))
    out.append("</section>")
    return "\n".join(out)


def report_page(report: ClassReport, *, title: str | None = None) -> str:
    """A whole standalone HTML document (save it, open it in any browser)."""
    from .. import i18n
    title = say("class_report_heading") if title is None else title
    return (f"<!DOCTYPE html>\n<html lang=\"{i18n.current_language()}\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title></head><body>\n"
            f"{report_html(report, title=title)}\n</body></html>\n")
