-- R9.2: the trial is an account's first Premium. An account that has had any plan (the trial or a
-- paid one) has its trial closed: it is not offered, and a trial payment is refused (trial_used).
UPDATE users SET trial_used = true WHERE sub_plan_id IS NOT NULL AND NOT trial_used;
