"""How common a word is: wordfreq's Zipf scale, 0.0 for what it does not know."""

from __future__ import annotations

from guardian.detect._frequency import zipf


def test_common_words_are_common_and_rare_ones_rare() -> None:
    assert zipf("случайно", "ru") > 4.0 > zipf("сертралин", "ru")
    assert zipf("propriile", "ro") > 4.0


def test_a_language_without_a_list_knows_no_word() -> None:
    # wordfreq would answer Irish from English; here it knows nothing
    assert zipf("the", "ga") == 0.0
    assert zipf("", "de") == 0.0


def test_a_name_most_languages_write_often_is_known_worldwide() -> None:
    from guardian.detect._frequency import worldwide

    assert worldwide("Firefox") and worldwide("Microsoft Edge") and worldwide("Siemens")
    # a small town, a rare product and a name only one language writes are not
    assert not worldwide("Zeulenroda") and not worldwide("Monero") and not worldwide("Kahramanmaraş")
    assert not worldwide("Viagra") and not worldwide("Schmidt")  # a medicine, a surname
    assert not worldwide("Firefox Zeulenroda")  # every word must be
    assert not worldwide("") and not worldwide("42")
    assert not worldwide("KIT")  # an acronym (a university), not the word "kit"


def test_the_worldwide_lists_are_the_languages_the_detector_reads() -> None:
    from guardian.detect._frequency import WORLDWIDE_LISTS
    from guardian.detect.language import ENGLISH, READ_LANGUAGES

    assert set(WORLDWIDE_LISTS) == READ_LANGUAGES | {ENGLISH}
