"""Regenerate every shipped voice pack: `python tools/make_voices.py [--out DIR] [--dialect ...] [--speaker ...]`.

Synthesises the table voices (rules: voices.md; pack format: `assets/voices/README.md`) for 南宁话 (`nanning`),
百色话 (`baise`) and 普通话 (`mandarin`), four speakers each (two male, two female), from the phonetic scripts
below, with espeak-ng; pydub then trims the silence, loudness-normalises to -16 dBFS RMS behind a look-ahead peak
limiter (peaks under -2 dBFS), makes it 22050 Hz mono, fades, and encodes OGG Vorbis through ffmpeg. Output:
`<out>/<dialect>/<speaker>/<token>.ogg` plus `<out>/<dialect>/<speaker>/manifest.json`.

This is a build tool: it needs the `espeak-ng` and `ffmpeg` programs and `pydub` (the `dev` extra). The game
never does; it only plays the OGG files. Output is deterministic for given tool versions (no time stamps, ffmpeg
in bitexact mode), so a re-run without script changes produces the same files.

How each dialect is realised (the manifest of every pack repeats this in its `notes`):

* nanning: espeak-ng's Cantonese voice with Jyutping input (`yue-Latn-jyutping`), fed Nanning Jyutping. Nanning
  tones (1=55 2=35 3=33 4=21 5=24 6=22) are given as the same Jyutping tone numbers, the nearest contours espeak's
  Cantonese has. The 心母 lateral fricative [ɬ] (三 slaam1, 四 sli3, 西 slai1, 醒 sleng2, 先 slin1) has no
  Jyutping spelling, so those syllables go in as espeak phoneme input `[[...]]`: espeak's own phonemes for the
  s- syllable with `s` replaced by `l#`, the voiceless lateral fricative of espeak's base phoneme table (the one its
  Welsh voice uses for "ll"). Syllabic ng and m (五 ng5, 唔 m4) also go in as phonemes (`'ng5`, `'m-4`, espeak's
  syllabic m), because the Jyutping reader drops their tone (and espeak's Cantonese reads 唔 as ng4, the Hong Kong
  merger; Nanning keeps [m̩]). Everything else (八 bet3, 一 aa1 in tile names, 放炮 fong3 peu3, ...) is plain
  Jyutping text.
* baise: espeak-ng's Mandarin phoneme set (`cmn-latn-pinyin`). Each syllable of the script is written in pinyin
  spelling without retroflexes (zh ch sh -> z c s; old entering-tone syllables filed under 阳平) plus its 桂柳 tone
  value (33 / 21 / 54 / 24). The tool asks espeak for the syllable's phonemes in isolation (so espeak's Mandarin
  third-tone sandhi cannot re-tone anything) and swaps the tone: with `--baise-tones contour` (the default) to
  espeak's own level 33, low-falling 21, falling 53 (for 54) and rising 35 (for 24, which espeak lacks); with
  `--baise-tones pinyin` to the Mandarin tone voices.md names (33 -> 1, 21 -> 3, 54 -> 4, 24 -> 2). A few
  syllables that are not pinyin at all (七 [tsʰi], 我 [ŋo], 多 [to]) are written as espeak phonemes in parentheses.
* mandarin: `cmn-latn-pinyin` fed standard pinyin (espeak applies the third-tone sandhi itself).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape as xml_escape

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "voices"

SAMPLE_RATE = 22050
TARGET_DBFS = -16.0  # loudness (RMS) every clip is normalised to
PEAK_CEILING_DBFS = -2.0  # peak ceiling before encoding: leaves room for Vorbis overshoot, so nothing clips
VORBIS_QUALITY = "0"  # ffmpeg -q:a for libvorbis; 0 is ~40 kbit/s at 22 kHz mono, plenty for speech
FADE_IN_MS = 8
FADE_OUT_MS = 40
LICENCE = "CC0-1.0"

# ---------------------------------------------------------------------------------------------------------------
# Tokens. Tiles use the contract notation of game/engine/tiles.py; the event and talk tokens are the voice-pack
# names (voices.md). Every pack has all of them.

TILE_TOKENS = (
    [f"{n}{s}" for s in "mps" for n in range(1, 10)]
    + ["E", "S", "W", "N", "C", "F", "P"]
    + [f"{n}f" for n in range(1, 9)]
)
EVENT_TOKENS = [
    "pong", "kong", "concealed_kong", "added_kong", "chow", "win", "zimo", "fangpao", "flower",
    "gangshanghua", "haidilaoyue", "qianggang", "tianhu", "dihu", "liuju", "genzhuang", "zhui",
    "horse", "xing", "ghost", "hubao", "lanpai", "qixinglan",
    "shisanyao", "baohe", "huahu", "huashangtianhua", "shangga", "jiehu",
]
TALK_TOKENS = ["talk_hurry", "talk_nice", "talk_again", "talk_luck", "talk_think",
               "talk_hello", "talk_sorry", "talk_thanks", "talk_bye"]  # the last four: the quick phrases (快捷语)
ALL_TOKENS = TILE_TOKENS + EVENT_TOKENS + TALK_TOKENS

_ZH_DIGITS = "一二三四五六七八九"
_ZH_FLOWERS = "春夏秋冬梅兰菊竹"
_ZH_HONOURS = {"E": "东", "S": "南", "W": "西", "N": "北", "C": "红中", "F": "发财", "P": "白板"}
_ZH_SUIT = {"m": "万", "p": "筒", "s": "条"}
_TRADITIONAL = str.maketrans("万条东红发兰鸡风", "萬條東紅發蘭雞風")


def _tile_script(numbers: list[str], suits: dict[str, str], yaoji: str, honours: dict[str, str],
                 flowers: list[str], wind_suffix: str = "", traditional: bool = False) -> dict[str, tuple[str, str]]:
    """Token -> (characters, reading) for the 42 tiles, from a dialect's numerals, suit words and honour names."""
    out: dict[str, tuple[str, str]] = {}
    for s in "mps":
        for n in range(1, 10):
            out[f"{n}{s}"] = (_ZH_DIGITS[n - 1] + _ZH_SUIT[s], f"{numbers[n - 1]} {suits[s]}")
    out["1s"] = ("幺鸡", yaoji)
    for h in "ESWN":
        out[h] = (_ZH_HONOURS[h] + ("风" if wind_suffix else ""), f"{honours[h]} {wind_suffix}".strip())
    for h in "CFP":
        out[h] = (_ZH_HONOURS[h], honours[h])
    for i, reading in enumerate(flowers):
        out[f"{i + 1}f"] = (_ZH_FLOWERS[i], reading)
    if traditional:
        out = {t: (zh.translate(_TRADITIONAL), r) for t, (zh, r) in out.items()}
    return out


# ---------------------------------------------------------------------------------------------------------------
# 南宁话: Nanning Jyutping (tones 1=55 2=35 3=33 4=21 5=24 6=22). "sl" spells the lateral fricative [ɬ] of 心母
# (and 邪母) syllables. Readings not given in voices.md are the Cantonese ones with the Nanning sound system applied
# where we are confident (no ɵ finals: 春 can1, 追 zui1; 心母 -> ɬ); a native speaker should confirm them.

NANNING: dict[str, tuple[str, str]] = {
    **_tile_script(
        # "一" in tile names is aa1 (一萬 aa1 maan6); 八 bet3; 三 四 with [ɬ]
        numbers=["aa1", "ji6", "slaam1", "sli3", "ng5", "luk6", "cat1", "bet3", "gau2"],
        suits={"m": "maan6", "p": "tung4", "s": "tiu4"},
        yaoji="jiu1 gai1",
        honours={"E": "dung1", "S": "naam4", "W": "slai1", "N": "bak1",
                 "C": "hung4 zung1", "F": "faat3 coi4", "P": "baak6 baan2"},
        wind_suffix="fung1",
        flowers=["can1", "haa6", "cau1", "dung1", "mui4", "laan4", "guk1", "zuk1"],
        traditional=True,
    ),
    "pong": ("碰", "pung3"),
    "kong": ("槓", "gong3"),
    "concealed_kong": ("暗槓", "am3 gong3"),
    "added_kong": ("補槓", "bou2 gong3"),
    "chow": ("上", "soeng5"),
    "win": ("食糊", "sik6 wu4"),
    "zimo": ("自摸", "zi6 mo1"),
    "fangpao": ("放炮", "fong3 peu3"),
    "flower": ("補花", "bou2 faa1"),
    "gangshanghua": ("槓上花", "gong3 soeng6 faa1"),
    "haidilaoyue": ("海底撈月", "hoi2 dai2 laau4 jyut6"),
    "qianggang": ("搶槓糊", "coeng2 gong3 wu4"),
    "tianhu": ("天糊", "tin1 wu4"),
    "dihu": ("地糊", "dei6 wu4"),
    "liuju": ("流局", "lau4 guk6"),
    "genzhuang": ("跟莊", "gan1 zong1"),
    "zhui": ("追牌", "zui1 paai4"),
    "horse": ("買馬", "maai5 maa5"),
    "xing": ("翻醒", "faan1 sleng2"),
    "ghost": ("翻鬼", "faan1 gwai2"),
    "hubao": ("互包", "wu6 baau1"),
    "lanpai": ("爛牌", "laan6 paai4"),
    "qixinglan": ("七星爛", "cat1 sling1 laan6"),
    "shisanyao": ("十三幺", "sap6 slaam1 jiu1"),
    "baohe": ("爆和", "baau3 wo4"),
    "huahu": ("花糊", "faa1 wu4"),
    "huashangtianhua": ("花上添花", "faa1 soeng6 tim1 faa1"),
    "shangga": ("上嘎", "soeng5 gaa1"),
    "jiehu": ("截糊", "zit6 wu4"),
    "talk_hurry": ("快啲出牌啦", "faai3 di1 cat1 paai4 laa1"),
    "talk_nice": ("靚牌喔", "leng3 paai4 wo3"),
    "talk_again": ("又到我喇", "jau6 dou3 ngo5 laa3"),
    "talk_luck": ("今日手氣好好", "gam1 jat6 sau2 hei3 hou2 hou2"),
    "talk_think": ("等我諗下先", "dang2 ngo5 nam2 haa5 slin1"),
    "talk_hello": ("大家好", "daai6 gaa1 hou2"),
    # 唔 m4: Nanning keeps the syllabic m (not Hong Kong's ng4); 思 is 心母, [ɬ]
    "talk_sorry": ("唔好意思", "m4 hou2 ji3 sli1"),
    # 謝 is 邪母 but an affricate, as in Cantonese (ze6), not [ɬ]: derived, not attested
    "talk_thanks": ("多謝", "do1 ze6"),
    # 嚟 lai4 (= 來), 玩 waan2 (the colloquial changed tone, as in Cantonese): derived, not attested
    "talk_bye": ("下次再嚟玩", "haa6 ci3 zoi3 lai4 waan2"),
}

# 百色话: pinyin spelling with the 桂柳 tone value after each syllable (阴平 33, 阳平 21, 上声 54, 去声 24; old
# entering tones are 阳平 21); no retroflex initials; 胡 is fu; ê is [ɛ] (白 北). "(phonemes)tone" is an espeak
# phoneme string for the few syllables pinyin cannot spell. Readings follow voices.md's table where it has them and
# the 桂柳 sound system elsewhere: derived, not attested word by word.

BAISE: dict[str, tuple[str, str]] = {
    **_tile_script(
        numbers=["yi21", "ê24", "san33", "si24", "wu54", "lu21", "(tsh'i)21", "ba21", "jiu54"],
        suits={"m": "wan24", "p": "tong21", "s": "tiao21"},
        yaoji="yao33 ji33",
        honours={"E": "dong33", "S": "nan21", "W": "xi33", "N": "bê21",
                 "C": "hong21 zong33", "F": "fa21 cai21", "P": "bê21 ban54"},
        wind_suffix="fong33",
        flowers=["cun33", "xia24", "qiu33", "dong33", "mei21", "lan21", "ju21", "zu21"],
    ),
    "pong": ("碰", "pong24"),
    "kong": ("杠", "gang24"),
    "concealed_kong": ("暗杠", "an24 gang24"),
    "added_kong": ("补杠", "bu54 gang24"),
    "chow": ("吃", "ci21"),
    "win": ("胡", "fu21"),
    "zimo": ("自摸", "zi24 mo33"),
    "fangpao": ("放炮", "fang24 pao24"),
    "flower": ("补花", "bu54 hua33"),
    "gangshanghua": ("杠上花", "gang24 sang24 hua33"),
    "haidilaoyue": ("海底捞月", "hai54 di54 lao33 yue21"),
    "qianggang": ("抢杠胡", "qiang54 gang24 fu21"),
    "tianhu": ("天胡", "tian33 fu21"),
    "dihu": ("地胡", "di24 fu21"),
    "liuju": ("流局", "liu21 ju21"),
    "genzhuang": ("跟庄", "gen33 zuang33"),
    "zhui": ("追牌", "zui33 pai21"),
    "horse": ("买马", "mai54 ma54"),
    "xing": ("翻醒", "fan33 xin54"),
    "ghost": ("翻鬼", "fan33 gui54"),
    "hubao": ("互包", "fu24 bao33"),
    "lanpai": ("烂牌", "lan24 pai21"),
    "qixinglan": ("七星烂", "(tsh'i)21 xin33 lan24"),
    "shisanyao": ("十三幺", "si21 san33 yao33"),
    "baohe": ("爆胡", "bao24 fu21"),
    "huahu": ("花胡", "hua33 fu21"),
    "huashangtianhua": ("花上添花", "hua33 sang24 tian33 hua33"),
    "shangga": ("上嘎", "sang24 ga33"),
    "jiehu": ("截胡", "jie21 fu21"),
    "talk_hurry": ("搞快点出牌嘛", "gao54 kuai24 dian54 cu21 pai21 ma33"),
    "talk_nice": ("牌好靓哦", "pai21 hao54 liang24 o33"),
    "talk_again": ("又到我了", "you24 dao24 (N'o)54 liao54"),
    "talk_luck": ("今天手气好得很", "jin33 tian33 sou54 qi24 hao54 de21 hen54"),
    "talk_think": ("等我想哈", "den54 (N'o)54 xiang54 ha33"),
    "talk_hello": ("大家好", "da24 jia33 hao54"),
    # 不 is an old entering tone: 阳平 21, and no 不 sandhi; 思 keeps its 阴平 (桂柳 has no neutral tone)
    "talk_sorry": ("不好意思", "bu21 hao54 yi24 si33"),
    # 多 is [to] in 桂柳 (果摄 -o, like 我 ŋo), which pinyin cannot spell: phonemes
    "talk_thanks": ("多谢", "(t'o)33 xie24"),
    "talk_bye": ("下次再玩", "xia24 ci24 zai24 wan21"),
}

# 普通话: standard pinyin, fed as is.

MANDARIN: dict[str, tuple[str, str]] = {
    **_tile_script(
        numbers=["yi1", "er4", "san1", "si4", "wu3", "liu4", "qi1", "ba1", "jiu3"],
        suits={"m": "wan4", "p": "tong3", "s": "tiao2"},
        yaoji="yao1 ji1",
        honours={"E": "dong1", "S": "nan2", "W": "xi1", "N": "bei3",
                 "C": "hong2 zhong1", "F": "fa1 cai2", "P": "bai2 ban3"},
        wind_suffix="feng1",
        flowers=["chun1", "xia4", "qiu1", "dong1", "mei2", "lan2", "ju2", "zhu2"],
    ),
    "pong": ("碰", "peng4"),
    "kong": ("杠", "gang4"),
    "concealed_kong": ("暗杠", "an4 gang4"),
    "added_kong": ("补杠", "bu3 gang4"),
    "chow": ("吃", "chi1"),
    "win": ("胡了", "hu2 le5"),
    "zimo": ("自摸", "zi4 mo1"),
    "fangpao": ("放炮", "fang4 pao4"),
    "flower": ("补花", "bu3 hua1"),
    "gangshanghua": ("杠上开花", "gang4 shang4 kai1 hua1"),
    "haidilaoyue": ("海底捞月", "hai3 di3 lao1 yue4"),
    "qianggang": ("抢杠胡", "qiang3 gang4 hu2"),
    "tianhu": ("天胡", "tian1 hu2"),
    "dihu": ("地胡", "di4 hu2"),
    "liuju": ("流局", "liu2 ju2"),
    "genzhuang": ("跟庄", "gen1 zhuang1"),
    "zhui": ("追牌", "zhui1 pai2"),
    "horse": ("买马", "mai3 ma3"),
    "xing": ("翻醒", "fan1 xing3"),
    "ghost": ("翻鬼", "fan1 gui3"),
    "hubao": ("互包", "hu4 bao1"),
    "lanpai": ("烂牌", "lan4 pai2"),
    "qixinglan": ("七星烂", "qi1 xing1 lan4"),
    "shisanyao": ("十三幺", "shi2 san1 yao1"),
    "baohe": ("爆和", "bao4 hu2"),
    "huahu": ("花胡", "hua1 hu2"),
    "huashangtianhua": ("花上添花", "hua1 shang4 tian1 hua1"),
    "shangga": ("上嘎", "shang4 ga1"),
    "jiehu": ("截胡", "jie2 hu2"),
    "talk_hurry": ("快点出牌吧", "kuai4 dian3 chu1 pai2 ba5"),
    "talk_nice": ("这手牌真不错", "zhe4 shou3 pai2 zhen1 bu2 cuo4"),
    "talk_again": ("又轮到我了", "you4 lun2 dao4 wo3 le5"),
    "talk_luck": ("今天手气真好", "jin1 tian1 shou3 qi4 zhen1 hao3"),
    "talk_think": ("让我想想", "rang4 wo3 xiang3 xiang5"),
    "talk_hello": ("大家好", "da4 jia1 hao3"),
    "talk_sorry": ("不好意思", "bu4 hao3 yi4 si5"),
    "talk_thanks": ("谢谢", "xie4 xie5"),
    "talk_bye": ("下次再玩", "xia4 ci4 zai4 wan2"),
}


# ---------------------------------------------------------------------------------------------------------------
# Speakers: espeak-ng voice variants plus pitch (-p, 0-99) and speed (-s, words per minute) so the four seats
# sound like four people. The same four people speak every dialect. espeak's default pitch range is narrow (about
# four semitones for a male voice), which flattens the tones; every clip is wrapped in SSML
# <prosody range="N%"> to widen it (at 200% the six Cantonese/Nanning tones spread over about nine semitones).

@dataclass(frozen=True)
class Speaker:
    id: str
    gender: str
    variant: str
    pitch: int
    speed: int
    pitch_range: int  # SSML prosody range, % of the voice's own: the wider, the clearer the tones
    description: str


SPEAKERS = [
    Speaker("male_a", "male", "m3", 56, 150, 180, "male, middle-aged, measured"),
    Speaker("female_a", "female", "f3", 50, 158, 200, "female, clear, mid pitch"),
    Speaker("male_b", "male", "m7", 40, 138, 150, "male, older, darker timbre, slow"),
    Speaker("female_b", "female", "f4", 68, 170, 200, "female, younger, bright and quick"),
]


@dataclass(frozen=True)
class Dialect:
    id: str
    name: str
    voice: str  # espeak-ng voice
    script: dict[str, tuple[str, str]]
    notes: str


DIALECTS = {
    "nanning": Dialect(
        "nanning", "南宁话 (Nanning Baihua, Yong-Xun Yue)", "yue-Latn-jyutping", NANNING,
        "espeak-ng's Cantonese voice with Jyutping input (yue-Latn-jyutping), fed Nanning Jyutping; the Nanning "
        "tones (1=55 2=35 3=33 4=21 5=24 6=22) use the same Jyutping tone numbers, i.e. espeak's Hong Kong "
        "Cantonese contours, the nearest it has (tone 5 is 13 there, 24 in Nanning). The 心母 lateral fricative "
        "[ɬ] (三 slaam1, 四 sli3, 西 slai1, 醒 sleng2, 先 slin1) is fed as espeak phoneme input [[...]] with "
        "espeak's voiceless lateral fricative l# in place of s; it is audibly a lateral hiss, lower and more "
        "diffuse than [s], but synthetic. Syllabic ng and m (五 ng5, 唔 m4) are also phoneme input (the "
        "Jyutping reader drops their tone). 八 bet3, 一 aa1 in tile names, 放炮 fong3 peu3 are plain Jyutping. "
        "Readings outside voices.md's table (flowers, special hands, table talk, e.g. 春 can1, 追 zui1, 上 soeng5 "
        "for chow) are derived from Cantonese with the Nanning sound system applied, not attested: a native "
        "speaker's recording supersedes them. 'readings' gives characters and Nanning Jyutping; 'script' the exact "
        "espeak-ng input.",
    ),
    "baise": Dialect(
        "baise", "百色话 (Baise city Southwestern Mandarin, 桂柳 type)", "cmn-latn-pinyin", BAISE,
        "espeak-ng's Mandarin phoneme set (cmn-latn-pinyin). 'readings' spells each syllable in pinyin without "
        "retroflexes (zh ch sh -> z c s), with old entering-tone syllables as 阳平, followed by its 桂柳 tone "
        "value (阴平 33, 阳平 21, 上声 54, 去声 24); '(...)' marks raw espeak phonemes where pinyin cannot spell "
        "the syllable (七 tsʰi, 我 ŋo, 多 to). Each syllable was turned into espeak phonemes in isolation (so "
        "espeak's Mandarin third-tone sandhi cannot re-tone it) and given the tone named in 'baise_tones'; 'script' is "
        "the exact phoneme input. The readings are derived from the 桂柳 sound system, not attested word by word: "
        "a native speaker's recording supersedes them.",
    ),
    "mandarin": Dialect(
        "mandarin", "普通话 (Standard Mandarin)", "cmn-latn-pinyin", MANDARIN,
        "espeak-ng's Mandarin voice with pinyin input (cmn-latn-pinyin), fed standard pinyin; espeak applies the "
        "third-tone sandhi itself, 不 sandhi is written into the script.",
    ),
}

# 桂柳 tone value -> tone phoneme of espeak's Mandarin table
BAISE_TONES = {
    "contour": {"33": "33", "21": "21", "54": "53", "24": "35"},  # espeak's nearest contours (it has no 24, 54)
    "pinyin": {"33": "55", "21": "214", "54": "51", "24": "35"},  # voices.md: 33->1, 21->3, 54->4, 24->2
}
_BAISE_TO_PINYIN_TONE = {"33": "1", "21": "3", "54": "4", "24": "2"}
_CMN_TONE_PHONEMES = {"1": "55", "2": "35", "3": "214", "4": "51"}


# ---------------------------------------------------------------------------------------------------------------
# espeak-ng

def espeak_version() -> str:
    out = subprocess.run(["espeak-ng", "--version"], capture_output=True, text=True, check=True).stdout
    m = re.search(r"text-to-speech:\s*(\S+)", out)
    return m.group(1) if m else out.strip()


_PHONEME_CACHE: dict[tuple[str, str], str] = {}


def espeak_phonemes(voice: str, text: str) -> str:
    """espeak-ng's own phoneme mnemonics for `text` (one syllable), without the trailing pause marks."""
    key = (voice, text)
    if key not in _PHONEME_CACHE:
        out = subprocess.run(["espeak-ng", "-q", "-x", "-v", voice, text], capture_output=True, text=True,
                             check=True).stdout
        _PHONEME_CACHE[key] = out.strip().replace("_|", " ").strip()
    return _PHONEME_CACHE[key]


def nanning_input(reading: str) -> str:
    """Nanning Jyutping -> espeak-ng input for the yue-Latn-jyutping voice (Jyutping, [[phonemes]] where needed)."""
    parts = []
    for syl in reading.split():
        if not re.fullmatch(r"[a-z]+[1-6]", syl):
            raise ValueError(f"not a Nanning Jyutping syllable: {syl!r}")
        if syl.startswith("sl"):  # 心母 [ɬ]: espeak's phonemes for the s- syllable, with its s made the lateral l#
            ph = espeak_phonemes("yue-Latn-jyutping", "s" + syl[2:])
            if not ph.startswith("s"):
                raise RuntimeError(f"unexpected phonemes for {'s' + syl[2:]!r}: {ph!r}")
            parts.append(f"[[l#{ph[1:]}]]")
        elif re.fullmatch(r"ng[1-6]", syl):  # syllabic ng keeps its tone only as phoneme input
            parts.append(f"[['ng{syl[2]}]]")
        elif re.fullmatch(r"m[1-6]", syl):  # syllabic m likewise: espeak's syllabic m-, which carries the tone
            parts.append(f"[['m-{syl[1]}]]")
        else:
            parts.append(syl)
    return " ".join(parts)


def baise_input(reading: str, tones: str) -> str:
    """Baise reading (pinyin spelling + 桂柳 tone value) -> espeak-ng phoneme input for the Mandarin voice."""
    out = []
    for syl in reading.split():
        m = re.fullmatch(r"(\(.+\)|[a-zê]+)(33|21|54|24)", syl)
        if not m:
            raise ValueError(f"not a Baise syllable: {syl!r}")
        body, value = m.groups()
        tone = BAISE_TONES[tones][value]
        if body.startswith("("):  # raw espeak phonemes, open syllable: the tone goes at the end
            out.append(body[1:-1] + tone)
            continue
        mandarin_tone = _BAISE_TO_PINYIN_TONE[value]
        ph = espeak_phonemes("cmn-latn-pinyin", body + mandarin_tone)
        old = _CMN_TONE_PHONEMES[mandarin_tone]
        if ph.count(old) != 1 or " " in ph:
            raise RuntimeError(f"cannot re-tone {body + mandarin_tone!r}: espeak gave {ph!r}")
        out.append(ph.replace(old, tone))
    return "[[" + " ".join(out) + "]]"


def espeak_input(dialect: str, reading: str, baise_tones: str) -> str:
    if dialect == "nanning":
        return nanning_input(reading)
    if dialect == "baise":
        return baise_input(reading, baise_tones)
    return reading


def ssml(speaker: Speaker, text: str) -> str:
    # the space before the closing tag matters: espeak-ng 1.51's Mandarin voice reads a tag that follows "]]"
    # directly as English text ("slash prosody")
    return f'<speak><prosody range="{speaker.pitch_range}%">{xml_escape(text)} </prosody></speak>'


def synthesise(voice: str, speaker: Speaker, text: str, wav: Path) -> None:
    args = ["espeak-ng", "-m", "-v", f"{voice}+{speaker.variant}", "-p", str(speaker.pitch), "-s",
            str(speaker.speed)]
    # what espeak will say, as phonemes: nothing may fall back to its English reader ("(en)")
    said = subprocess.run([*args, "-q", "-x", ssml(speaker, text)], capture_output=True, text=True,
                          check=True).stdout
    if "(en)" in said or not said.strip():
        raise RuntimeError(f"espeak-ng would not read {text!r} as intended: {said.strip()!r}")
    subprocess.run([*args, "-w", str(wav), ssml(speaker, text)], check=True, capture_output=True)


# ---------------------------------------------------------------------------------------------------------------
# pydub post-processing

def loudness_normalise(seg, target_dbfs: float, ceiling_dbfs: float, block_ms: float = 1.0,
                       lookahead_blocks: int = 3, release_ms: float = 60.0):
    """The clip at `target_dbfs` RMS with no sample above `ceiling_dbfs`: gain, then a look-ahead peak limiter.

    espeak's stressed vowels peak some 20 dB above the clip's RMS, so a plain gain to -16 dBFS would clip and a
    peak-safe gain would leave clips up to 8 dB apart. The limiter's gain is worked out per block (1 ms), drops
    `lookahead_blocks` ahead of a peak, recovers with a `release_ms` time constant and is interpolated sample by
    sample, so it neither clicks nor lets a peak through. Two passes make up the RMS the limiter took away.
    """
    import array
    import math

    src = array.array("h", seg.raw_data)
    n = len(src)
    if n == 0:
        return seg
    ceiling = 32767 * 10 ** (ceiling_dbfs / 20)
    block = max(1, int(seg.frame_rate * block_ms / 1000))
    peaks = [max(map(abs, src[i:i + block])) or 1 for i in range(0, n, block)]
    alpha = 1 - math.exp(-block_ms / release_ms)
    gain_db = target_dbfs - seg.dBFS
    out = src
    for _ in range(3):
        g = 10 ** (gain_db / 20)
        need = [min(1.0, ceiling / (p * g)) for p in peaks]
        ahead = [min(need[max(0, b - 1):b + lookahead_blocks + 1]) for b in range(len(need))]
        env, level = [], 1.0
        for want in ahead:
            level = want if want < level else level + (want - level) * alpha
            env.append(level)
        env.append(env[-1])
        out = array.array("h", bytes(2 * n))
        for b in range(len(peaks)):
            start, g0, g1 = b * block, env[b] * g, env[b + 1] * g
            stop = min(n, start + block)
            step = (g1 - g0) / block
            for i in range(start, stop):
                v = src[i] * (g0 + step * (i - start))
                out[i] = int(max(-ceiling, min(ceiling, v)))
        rms = math.sqrt(sum(v * v for v in out) / n) or 1.0
        shortfall = target_dbfs - 20 * math.log10(rms / 32768)
        if shortfall < 0.25:
            break
        gain_db += shortfall
    return seg._spawn(out.tobytes())


def process(wav: Path, ogg: Path, quality: str) -> dict[str, float]:
    from pydub import AudioSegment
    from pydub.silence import detect_leading_silence

    seg = AudioSegment.from_wav(str(wav)).set_channels(1).set_sample_width(2).set_frame_rate(SAMPLE_RATE)
    head = detect_leading_silence(seg, silence_threshold=-50.0, chunk_size=2)
    tail = detect_leading_silence(seg.reverse(), silence_threshold=-50.0, chunk_size=2)
    seg = seg[max(0, head - 10):len(seg) - max(0, tail - 25)]
    seg = loudness_normalise(seg, TARGET_DBFS, PEAK_CEILING_DBFS).fade_in(FADE_IN_MS).fade_out(FADE_OUT_MS)
    ogg.parent.mkdir(parents=True, exist_ok=True)
    seg.export(str(ogg), format="ogg", codec="libvorbis",
               parameters=["-q:a", quality, "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact"])
    return {"seconds": len(seg) / 1000.0, "dbfs": seg.dBFS, "peak_dbfs": seg.max_dBFS}


def pydub_version() -> str:
    from importlib.metadata import version

    return version("pydub")


# ---------------------------------------------------------------------------------------------------------------

def build_pack(out: Path, dialect: Dialect, speaker: Speaker, tokens: list[str], baise_tones: str, quality: str,
               jobs: int, versions: dict[str, str]) -> dict[str, dict[str, float]]:
    folder = out / dialect.id / speaker.id
    folder.mkdir(parents=True, exist_ok=True)
    script = {t: espeak_input(dialect.id, dialect.script[t][1], baise_tones) for t in tokens}
    stats: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="voices-") as tmp:
        def one(token: str) -> None:
            wav = Path(tmp) / f"{token}.wav"
            synthesise(dialect.voice, speaker, script[token], wav)
            stats[token] = process(wav, folder / f"{token}.ogg", quality)

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            list(pool.map(one, tokens))
    # a full pack: drop clips of tokens the script no longer has
    if tokens == ALL_TOKENS:
        for stale in folder.glob("*.ogg"):
            if stale.stem not in script:
                stale.unlink()
    manifest_path = folder / "manifest.json"
    old = json.loads(manifest_path.read_text(encoding="utf-8")) if manifest_path.exists() else {}
    merged_script = {**old.get("script", {}), **script} if tokens != ALL_TOKENS else script
    merged_script = {t: merged_script[t] for t in ALL_TOKENS if t in merged_script}
    manifest = {
        "dialect": dialect.id,
        "dialect_name": dialect.name,
        "speaker": speaker.id,
        "gender": speaker.gender,
        "description": speaker.description,
        "licence": LICENCE,
        "licence_note": "Synthetic speech made by the project's own tool (tools/make_voices.py) from our own "
                        "scripts; dedicated to the public domain under CC0 1.0.",
        "synthetic": True,
        "made_with": f"espeak-ng {versions['espeak-ng']} voice {dialect.voice}+{speaker.variant} "
                     f"(-p {speaker.pitch} -s {speaker.speed}, SSML prosody range {speaker.pitch_range}%), "
                     f"pydub {versions['pydub']}, "
                     f"ffmpeg libvorbis -q:a {quality}",
        "espeak": {"voice": dialect.voice, "variant": speaker.variant, "pitch": speaker.pitch,
                   "speed": speaker.speed, "pitch_range_percent": speaker.pitch_range, "ssml": True},
        "audio": {"format": "ogg/vorbis", "sample_rate": SAMPLE_RATE, "channels": 1,
                  "loudness_dbfs": TARGET_DBFS, "peak_ceiling_dbfs": PEAK_CEILING_DBFS},
        "readings": {t: {"zh": dialect.script[t][0], "reading": dialect.script[t][1]} for t in merged_script},
        "script": merged_script,
        "notes": dialect.notes,
    }
    if dialect.id == "baise":
        manifest["baise_tones"] = {"mode": baise_tones, **BAISE_TONES[baise_tones]}
    manifest_path.write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return stats


def check_tools() -> None:
    missing = [p for p in ("espeak-ng", "ffmpeg") if shutil.which(p) is None]
    if missing:
        sys.exit(f"make_voices: needs {' and '.join(missing)} on PATH (Debian/Ubuntu: apt-get install espeak-ng "
                 "ffmpeg); the game itself does not")
    try:
        import pydub  # noqa: F401
    except ImportError:
        sys.exit("make_voices: needs pydub (pip install pydub==0.25.1, or `python3 tools/dev.py env`)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="voice pack root (default: assets/voices)")
    ap.add_argument("--dialect", action="append", choices=sorted(DIALECTS), help="only this dialect (repeatable)")
    ap.add_argument("--speaker", action="append", choices=[s.id for s in SPEAKERS],
                    help="only this speaker (repeatable)")
    ap.add_argument("--token", action="append", choices=ALL_TOKENS, help="only this token (repeatable)")
    ap.add_argument("--baise-tones", choices=sorted(BAISE_TONES), default="contour",
                    help="how 桂柳 tones are realised (default: contour; pinyin = voices.md's nearest Mandarin tone)")
    ap.add_argument("--quality", default=VORBIS_QUALITY, help="libvorbis quality, -1..10 (default: %(default)s)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="print each token's espeak-ng input and phonemes, synthesise nothing")
    args = ap.parse_args(argv)

    dialects = [DIALECTS[d] for d in (args.dialect or list(DIALECTS))]
    speakers = [s for s in SPEAKERS if not args.speaker or s.id in args.speaker]
    tokens = [t for t in ALL_TOKENS if not args.token or t in args.token]
    for d in DIALECTS.values():
        missing = set(ALL_TOKENS) - set(d.script)
        if missing:
            raise SystemExit(f"{d.id} script lacks {sorted(missing)}")

    if args.print_only:
        if shutil.which("espeak-ng") is None:
            sys.exit("make_voices: needs espeak-ng on PATH")
        for d in dialects:
            for t in tokens:
                text = espeak_input(d.id, d.script[t][1], args.baise_tones)
                ph = espeak_phonemes(d.voice, text)
                print(f"{d.id:9} {t:15} {d.script[t][0]:8} {d.script[t][1]:34} {text:44} {ph}")
        return 0

    check_tools()
    versions = {"espeak-ng": espeak_version(), "pydub": pydub_version()}
    out: Path = args.out.resolve()
    for d in dialects:
        for s in speakers:
            stats = build_pack(out, d, s, tokens, args.baise_tones, args.quality, max(1, args.jobs), versions)
            folder = out / d.id / s.id
            size = sum(p.stat().st_size for p in folder.glob("*.ogg"))
            secs = [v["seconds"] for v in stats.values()]
            print(f"{d.id}/{s.id}: {len(stats)} clips, {min(secs):.2f}-{max(secs):.2f} s, {size / 1024:.0f} KiB "
                  f"in {folder}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
