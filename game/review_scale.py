"""What the review's losses are worth in points, per rule set: the expert's reading of a decision times this scale
(fitted on what the levels really score, with the seeds it was fitted on).

Written by benchmarks/calibrate_review.py --write (do not edit by hand: run it again); read by game/review.py.
"""

SCALES = {
 "beihai": {
  "fitted_on": {
   "rounds": 400,
   "seeds": [
    7000,
    7003
   ]
  },
  "scale": 1.816
 },
 "guangdong": {
  "fitted_on": {
   "rounds": 400,
   "seeds": [
    7000,
    7003
   ]
  },
  "scale": 1.263
 },
 "guiliu": {
  "fitted_on": {
   "rounds": 400,
   "seeds": [
    7000,
    7003
   ]
  },
  "scale": 1.457
 },
 "hainan": {
  "fitted_on": {
   "rounds": 400,
   "seeds": [
    7000,
    7003
   ]
  },
  "scale": 1.361
 },
 "nanning": {
  "fitted_on": {
   "rounds": 400,
   "seeds": [
    7000,
    7003
   ]
  },
  "scale": 1.029
 }
}
