-- R9.22, decision 109: the card renewals are charged to, and the card check that replaces it.
-- A payment is bought (`subscription`) or only checks a new card (`card_check`, an authorisation
-- of 1 that is voided once its card is on file: status `voided`).
ALTER TABLE payments ADD COLUMN purpose text NOT NULL DEFAULT 'subscription' CHECK (purpose IN ('subscription', 'card_check'));
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('pending', 'paid', 'failed', 'voided'));
-- A status of its own rather than `paid` with a flag: every query that counts paid payments (the
-- offer taken, the receipt) leaves a voided check out as it is; `voided_at` says when the hold was released.
ALTER TABLE payments ADD COLUMN voided_at timestamptz;

-- The provider's reusable token of the card renewals are charged to (CloudPayments `Token`,
-- Payselection `RebillId`): a provider's reference, not card data. One per user, the newest.
CREATE TABLE renewal_cards (
  user_id     integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  service     text NOT NULL CHECK (service IN ('cloudpayments', 'payselection')),
  brand       text,
  last4       text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  token       text NOT NULL,
  payment_id  integer NOT NULL REFERENCES payments (id),
  updated_at  timestamptz NOT NULL
);

-- R9.16: of special-offer payments created side by side, the first confirmed is the offer; the
-- others fail at confirmation with `offer_used`.
ALTER TABLE payments DROP CONSTRAINT payments_failure_check;
ALTER TABLE payments ADD CONSTRAINT payments_failure_check CHECK (failure IN ('declined', 'scheme_mismatch', 'trial_used', 'offer_used'));
