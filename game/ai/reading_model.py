"""The learnt reading's weights per rule set, with the seeds they were fitted and checked on.

Written by tools/fit_reading.py (do not edit by hand: run it again); read by game/ai/learnt.py.
"""

MODELS = {
 "beihai": {
  "checked_on": {
   "ready": {
    "log_loss_constant": 0.5375,
    "log_loss_learnt": 0.3707,
    "log_loss_rough": 0.4075,
    "positive_share": 0.2285,
    "samples": 25836
   },
   "seeds": [
    21000,
    21099
   ],
   "tile": {
    "log_loss_constant": 0.3453,
    "log_loss_learnt": 0.3203,
    "log_loss_rough": 0.3573,
    "positive_share": 0.1094,
    "samples": 52546
   }
  },
  "fitted_on": {
   "levels": [
    "hard",
    "normal"
   ],
   "ready_samples": 99873,
   "rounds": 2,
   "seeds": [
    20000,
    20399
   ],
   "tile_samples": 195930
  },
  "ready": {
   "bias": -4.9335,
   "calls>=1": 0.4545,
   "calls>=2": 0.5838,
   "calls>=3": 1.0462,
   "calls>=4": 1.594,
   "concealed_kong": 0.1101,
   "discards>=11": 0.1729,
   "discards>=13": 0.4191,
   "discards>=3": 1.8503,
   "discards>=5": 0.8602,
   "discards>=7": 0.5061,
   "discards>=9": 0.5125,
   "from_draw_2of3": 0.3531,
   "last_from_draw": 0.377,
   "last_honour_from_hand": -0.9643,
   "last_middle_from_hand": 0.5343,
   "wall<=1/2": 0.3076,
   "wall<=1/4": 0.5402,
   "wall<=3/4": 0.1927
  },
  "tile": {
   "bias": -3.7047,
   "call_suit": -0.1767,
   "kabe": -0.1395,
   "near_last_from_hand": 0.1716,
   "neighbour_threw": -0.4584,
   "other_suit": -0.1448,
   "passed": 0.0757,
   "rank_19": 1.5497,
   "rank_28": 2.0309,
   "rank_37": 2.3464,
   "rank_46": 2.4085,
   "rank_5": 2.4265,
   "suji_full": -0.4766,
   "suji_half": -0.2688,
   "threw": -1.8907,
   "unseen0": -0.2059,
   "unseen<=1": -0.0704,
   "unseen<=2": -0.0628
  }
 },
 "guangdong": {
  "checked_on": {
   "ready": {
    "log_loss_constant": 0.4133,
    "log_loss_learnt": 0.2691,
    "log_loss_rough": 0.3079,
    "positive_share": 0.1446,
    "samples": 45645
   },
   "seeds": [
    21000,
    21099
   ],
   "tile": {
    "log_loss_constant": 0.1769,
    "log_loss_learnt": 0.158,
    "log_loss_rough": 0.1627,
    "positive_share": 0.0429,
    "samples": 46456
   }
  },
  "fitted_on": {
   "levels": [
    "hard",
    "normal"
   ],
   "ready_samples": 182589,
   "rounds": 2,
   "seeds": [
    20000,
    20399
   ],
   "tile_samples": 178100
  },
  "ready": {
   "bias": -6.6661,
   "calls>=1": 0.2475,
   "calls>=2": 1.1201,
   "calls>=3": 1.0448,
   "calls>=4": 6.2002,
   "concealed_kong": 1.429,
   "discards>=11": 0.3808,
   "discards>=13": 0.4822,
   "discards>=3": 1.2929,
   "discards>=5": 1.0862,
   "discards>=7": 0.6051,
   "discards>=9": 0.325,
   "from_draw_2of3": 0.2077,
   "last_from_draw": 0.4328,
   "last_honour_from_hand": -0.1145,
   "last_middle_from_hand": 0.2075,
   "wall<=1/2": -0.2305,
   "wall<=1/4": 0.3447,
   "wall<=3/4": -0.1259
  },
  "tile": {
   "bias": -2.7062,
   "call_suit": 0.6716,
   "kabe": -0.0827,
   "near_last_from_hand": 0.7101,
   "neighbour_threw": -0.5383,
   "other_suit": -0.6204,
   "passed": -0.0757,
   "rank_19": 0.058,
   "rank_28": 0.4462,
   "rank_37": 0.8411,
   "rank_46": 0.9158,
   "rank_5": 0.8946,
   "suji_full": -0.2621,
   "suji_half": -0.1915,
   "threw": -0.9296,
   "unseen0": -0.6555,
   "unseen<=1": -0.5644,
   "unseen<=2": -0.1178
  }
 },
 "guiliu": {
  "checked_on": {
   "ready": {
    "log_loss_constant": 0.3543,
    "log_loss_learnt": 0.2666,
    "log_loss_rough": 0.2896,
    "positive_share": 0.1138,
    "samples": 25299
   },
   "seeds": [
    21000,
    21099
   ],
   "tile": {
    "log_loss_constant": 0.231,
    "log_loss_learnt": 0.2194,
    "log_loss_rough": 0.229,
    "positive_share": 0.0615,
    "samples": 28847
   }
  },
  "fitted_on": {
   "levels": [
    "hard",
    "normal"
   ],
   "ready_samples": 100632,
   "rounds": 2,
   "seeds": [
    20000,
    20399
   ],
   "tile_samples": 108442
  },
  "ready": {
   "bias": -5.9849,
   "calls>=1": 0.8374,
   "calls>=2": 0.5843,
   "calls>=3": 0.0115,
   "calls>=4": 2.7863,
   "concealed_kong": 0.4431,
   "discards>=11": 0.2851,
   "discards>=13": 0.24,
   "discards>=3": 1.8861,
   "discards>=5": 0.9071,
   "discards>=7": 0.6112,
   "discards>=9": 0.4372,
   "from_draw_2of3": 0.215,
   "last_from_draw": 0.3573,
   "last_honour_from_hand": -0.7984,
   "last_middle_from_hand": 0.5994,
   "wall<=1/2": 0.0326,
   "wall<=1/4": 0.5442,
   "wall<=3/4": 0.0144
  },
  "tile": {
   "bias": -2.4125,
   "call_suit": -0.0174,
   "kabe": -0.2372,
   "near_last_from_hand": 0.2409,
   "neighbour_threw": -0.29,
   "other_suit": 0.062,
   "passed": -2.7435,
   "rank_19": -0.1521,
   "rank_28": 0.0344,
   "rank_37": 0.3644,
   "rank_46": 0.4744,
   "rank_5": 0.4052,
   "suji_full": -0.4653,
   "suji_half": -0.1421,
   "threw": -2.0683,
   "unseen0": 0.0253,
   "unseen<=1": -0.2043,
   "unseen<=2": -0.1013
  }
 },
 "hainan": {
  "checked_on": {
   "ready": {
    "log_loss_constant": 0.4395,
    "log_loss_learnt": 0.297,
    "log_loss_rough": 0.321,
    "positive_share": 0.1599,
    "samples": 24378
   },
   "seeds": [
    21000,
    21099
   ],
   "tile": {
    "log_loss_constant": 0.2549,
    "log_loss_learnt": 0.2373,
    "log_loss_rough": 0.2579,
    "positive_share": 0.0705,
    "samples": 31660
   }
  },
  "fitted_on": {
   "levels": [
    "hard",
    "normal"
   ],
   "ready_samples": 97917,
   "rounds": 2,
   "seeds": [
    20000,
    20399
   ],
   "tile_samples": 129487
  },
  "ready": {
   "bias": -5.7095,
   "calls>=1": 0.7087,
   "calls>=2": 0.8839,
   "calls>=3": 0.6374,
   "calls>=4": 3.1568,
   "concealed_kong": 0.5867,
   "discards>=11": 0.2786,
   "discards>=13": 0.1455,
   "discards>=3": 1.7111,
   "discards>=5": 0.7201,
   "discards>=7": 0.6206,
   "discards>=9": 0.3813,
   "from_draw_2of3": 0.4425,
   "last_from_draw": 0.5782,
   "last_honour_from_hand": -0.6982,
   "last_middle_from_hand": 0.5667,
   "wall<=1/2": 0.0498,
   "wall<=1/4": 0.2033,
   "wall<=3/4": 0.1151
  },
  "tile": {
   "bias": -4.4751,
   "call_suit": -0.31,
   "kabe": -0.2337,
   "near_last_from_hand": 0.3577,
   "neighbour_threw": -0.2403,
   "other_suit": 0.2439,
   "passed": -1.0749,
   "rank_19": 1.741,
   "rank_28": 2.2616,
   "rank_37": 2.4883,
   "rank_46": 2.5905,
   "rank_5": 2.6535,
   "suji_full": -0.5882,
   "suji_half": -0.321,
   "threw": -1.8137,
   "unseen0": -0.6907,
   "unseen<=1": -0.3179,
   "unseen<=2": -0.2773
  }
 },
 "nanning": {
  "checked_on": {
   "ready": {
    "log_loss_constant": 0.3867,
    "log_loss_learnt": 0.2802,
    "log_loss_rough": 0.3027,
    "positive_share": 0.1302,
    "samples": 27399
   },
   "seeds": [
    21000,
    21099
   ],
   "tile": {
    "log_loss_constant": 0.2457,
    "log_loss_learnt": 0.226,
    "log_loss_rough": 0.2399,
    "positive_share": 0.067,
    "samples": 33230
   }
  },
  "fitted_on": {
   "levels": [
    "hard",
    "normal"
   ],
   "ready_samples": 105894,
   "rounds": 2,
   "seeds": [
    20000,
    20399
   ],
   "tile_samples": 122922
  },
  "ready": {
   "bias": -6.0263,
   "calls>=1": 0.835,
   "calls>=2": 0.6477,
   "calls>=3": 0.154,
   "calls>=4": 2.9521,
   "concealed_kong": 0.4904,
   "discards>=11": 0.1402,
   "discards>=13": 0.3695,
   "discards>=3": 1.7936,
   "discards>=5": 0.9356,
   "discards>=7": 0.6238,
   "discards>=9": 0.4117,
   "from_draw_2of3": 0.3596,
   "last_from_draw": 0.4217,
   "last_honour_from_hand": -1.1676,
   "last_middle_from_hand": 0.5518,
   "wall<=1/2": 0.1384,
   "wall<=1/4": 0.5536,
   "wall<=3/4": 0.0491
  },
  "tile": {
   "bias": -4.4345,
   "call_suit": -0.4492,
   "kabe": -0.3261,
   "near_last_from_hand": 0.3171,
   "neighbour_threw": -0.3513,
   "other_suit": 0.2031,
   "passed": -3.4193,
   "rank_19": 1.5069,
   "rank_28": 2.1728,
   "rank_37": 2.5397,
   "rank_46": 2.5547,
   "rank_5": 2.5364,
   "suji_full": -0.7948,
   "suji_half": -0.1937,
   "threw": -2.3098,
   "unseen0": -0.5092,
   "unseen<=1": 0.0509,
   "unseen<=2": -0.1035
  }
 }
}
