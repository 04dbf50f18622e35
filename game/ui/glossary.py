"""English glosses for the regional terms rules help shows in Chinese (hand types and option labels).

Chinese players read the Chinese names the rule sets define; for an English UI the rules help adds these glosses
beside them. Ids are the rule sets' own (pinyin hand ids, option keys)."""

HANDS = {
    "pinghu": "plain hand", "qingyise": "one suit (or all honours)", "pengpenghu": "all pongs",
    "quanqiuren": "all sets melded, won on the last tile", "qixiaodui": "seven pairs",
    "qidadui": "seven pairs holding N sets of four", "gangshanghua": "self-draw on a kong's replacement",
    "gangshangpao": "win on the discard made after a kong", "qiangganghu": "robbing a kong",
    "haidilaoyue": "self-draw of the last tile", "haidipao": "win on the last tile's discard",
    "tianhu": "dealer wins on his dealt hand", "dihu": "self-draw on one's first draw",
    "renhu": "win on the dealer's first discard", "quanqiuren_fangpao": "the discarder held a single tile",
    "menqianqing": "concealed hand, self-drawn", "haohua_qixiaodui": "seven pairs with four real alike",
    "shisanyao": "thirteen orphans", "sikai": "self-drawn single wait: ×4",
}

OPTIONS = {
    "base": "base stake", "coins": "settle in coins (the poorest player sets the stake)",
    "chengbao": "three pongs fed by one player: he cannot win and is liable",
    "pinghu_discard": "a plain hand may win on a discard", "menqing_big": "concealed-hand rate for big hands too",
    "kong_on_draw": "kong points stand when the wall runs out", "honors": "with winds and dragons",
    "ghost": "the wildcard: turned tile, the next one, red dragon, none",
    "ghost_points": "wildcards held are settled at the end", "horses": "horses reserved at the wall's end",
    "one_horse_cap": "cap on the single horse", "horse_value": "a horse pays the hand again, or 2",
    "horse_159": "only 1, 5, 9, East and Red hit", "qiang_gang_hu": "an added kong may be robbed",
    "ming_gang_ke_qiang": "a kong on a discard may be robbed", "sikai": "self-drawn single wait ×4",
    "gangshanghua": "kong-replacement win: ×2, or ×4 big",
    "follow_dealer": "all follow the dealer's first discard: he pays each",
    "shisanyao_x8": "thirteen orphans ×8", "cap4": "cap every hand at ×4",
}
