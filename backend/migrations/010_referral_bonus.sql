-- R9.17: the referral bonus. A friend's first paid payment of a plan other than the trial earns
-- bonus days for the friend and for the inviter, once per friend. A row is credited when its days
-- are added to the beneficiary's subscription: at once when it is active, else at their next paid
-- payment.
CREATE TABLE referral_bonuses (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id),
  friend_id   integer NOT NULL REFERENCES users (id),
  role        text NOT NULL CHECK (role IN ('inviter', 'friend')),
  days        integer NOT NULL CHECK (days > 0),
  payment_id  integer NOT NULL REFERENCES payments (id),
  earned_at   timestamptz NOT NULL,
  credited_at timestamptz,
  UNIQUE (friend_id, role)
);
CREATE INDEX referral_bonuses_user ON referral_bonuses (user_id);
