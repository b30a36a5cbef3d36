"""Open Age Ratings Service (OARS) content ratings: which ages an application suits, and why.

AppStream's ``<content_rating type="oars-1.1">`` lists attributes (``violence-realistic``)
with an intensity (``none``, ``mild``, ``moderate``, ``intense``). Stores turn that into one
number people understand, the minimum age, using the Common Sense Media ages the OARS
specification maps each attribute and intensity to, and list the attributes that raise it.

A component without a ``<content_rating>`` has no rating (``None``: unknown, not "all
ages"); one with an empty element rates every attribute ``none`` (suitable for all ages).
"""

from __future__ import annotations

from dataclasses import dataclass

#: Intensities in increasing order.
INTENSITIES = ("none", "mild", "moderate", "intense")

#: Minimum age per attribute for mild, moderate and intense (none is always 0): the OARS
#: specification's mapping to Common Sense Media ages. Attributes of OARS 1.0 and 1.1.
OARS_AGES: dict[str, tuple[int, int, int]] = {
    "violence-cartoon": (3, 4, 6),
    "violence-fantasy": (3, 7, 8),
    "violence-realistic": (4, 9, 14),
    "violence-bloodshed": (9, 11, 18),
    "violence-sexual": (18, 18, 18),
    "violence-desecration": (13, 15, 18),
    "violence-slavery": (13, 15, 18),
    "violence-worship": (13, 15, 18),
    "drugs-alcohol": (11, 13, 16),
    "drugs-narcotics": (12, 14, 17),
    "drugs-tobacco": (10, 13, 13),
    "sex-nudity": (12, 14, 14),
    "sex-themes": (13, 14, 15),
    "sex-homosexuality": (13, 14, 15),
    "sex-prostitution": (12, 14, 18),
    "sex-adultery": (8, 10, 18),
    "sex-appearance": (10, 10, 10),
    "language-profanity": (8, 11, 14),
    "language-humor": (3, 8, 14),
    "language-discrimination": (9, 10, 11),
    "money-advertising": (0, 0, 0),
    "money-gambling": (7, 10, 18),
    "money-purchasing": (12, 14, 15),
    "social-chat": (4, 10, 13),
    "social-audio": (15, 15, 15),
    "social-contacts": (12, 12, 12),
    "social-info": (0, 13, 13),
    "social-location": (13, 13, 13),
}


@dataclass(frozen=True)
class ContentRating:
    """One ``<content_rating>``: ``kind`` (``oars-1.0``, ``oars-1.1``) and the attributes
    rated above ``none``, sorted by name, as (attribute, intensity) pairs."""

    kind: str = "oars-1.1"
    attributes: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, kind: str, values: dict[str, str]) -> ContentRating:
        """From parsed ``content_attribute`` values; unknown attributes and intensities, and
        ``none``, are dropped (an unknown attribute cannot be given an age)."""
        kept = {
            attribute: intensity
            for attribute, intensity in values.items()
            if attribute in OARS_AGES and intensity in INTENSITIES[1:]
        }
        return cls(kind or "oars-1.1", tuple(sorted(kept.items())))

    def age_of(self, attribute: str, intensity: str) -> int:
        if attribute not in OARS_AGES or intensity not in INTENSITIES[1:]:
            return 0
        return OARS_AGES[attribute][INTENSITIES.index(intensity) - 1]

    @property
    def minimum_age(self) -> int:
        """The lowest age the application suits: the highest age any attribute needs."""
        return max((self.age_of(a, i) for a, i in self.attributes), default=0)

    def reasons(self) -> list[tuple[str, str, int]]:
        """(attribute, intensity, age) for every attribute that needs an age above 0, highest
        age first: what a parent reads to see why."""
        found = [(a, i, self.age_of(a, i)) for a, i in self.attributes]
        return sorted((r for r in found if r[2] > 0), key=lambda r: (-r[2], r[0]))

    def encode(self) -> str:
        """The catalog's ``;``-separated ``attribute=intensity`` list."""
        return ";".join(f"{a}={i}" for a, i in self.attributes)

    @classmethod
    def decode(cls, kind: str, text: str) -> ContentRating:
        values = dict(part.split("=", 1) for part in text.split(";") if "=" in part)
        return cls.of(kind, values)
