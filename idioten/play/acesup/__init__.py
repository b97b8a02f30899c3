"""Idioten (Aces Up) played without a window: its session (`session`), the deal of the day's bookkeeping
(`daily`), what the solver said of each position (`knowledge`), where a lost game was lost (`lesson`), Learn
to play (`guide`, `guide_session`, and `beginner`, which chose its deal)."""
