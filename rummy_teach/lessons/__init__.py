"""What the lessons show beyond the engine: the scripted hands a lesson steps through
(:mod:`.worked_examples`) and the three games side by side (:mod:`.compare`). Pure data
and text, no widget library; the book's lessons import from here.
"""
