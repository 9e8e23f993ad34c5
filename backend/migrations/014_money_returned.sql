-- No charge without the service (decision 117). Money a provider took for a payment the backend then
-- refuses (the trial or the offer used meanwhile, the offer's window over, the plan withdrawn, an
-- operation of the wrong kind, a second operation on a settled invoice) goes back through the
-- provider's API: a hold is voided, a charge refunded. One row per provider operation, kept until
-- the provider has answered, and retried after a restart.
CREATE TABLE payment_returns (
  id               serial PRIMARY KEY,
  payment_id       integer NOT NULL REFERENCES payments (id),
  service          text NOT NULL CHECK (service IN ('cloudpayments', 'payselection')),
  transaction_id   text NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('void', 'refund')),
  amount_minor     integer NOT NULL CHECK (amount_minor > 0),
  currency         text NOT NULL,
  state            text NOT NULL DEFAULT 'due' CHECK (state IN ('due', 'done', 'refused')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL,
  last_error       text,
  created_at       timestamptz NOT NULL,
  done_at          timestamptz,
  UNIQUE (service, transaction_id)
);
CREATE INDEX payment_returns_payment ON payment_returns (payment_id);
CREATE INDEX payment_returns_due ON payment_returns (next_attempt_at) WHERE state = 'due';

-- Refusals that return the money: the offer's window ended before its payment was confirmed, and a
-- plan no longer sold in the payment's country group.
ALTER TABLE payments DROP CONSTRAINT payments_failure_check;
ALTER TABLE payments ADD CONSTRAINT payments_failure_check
  CHECK (failure IN ('declined', 'scheme_mismatch', 'trial_used', 'offer_used', 'offer_expired', 'plan_unavailable'));

-- Refusing before the money is taken: CloudPayments asks (Check) before it takes a card. A trial or
-- offer payment whose Check was answered yes holds the account's trial or offer for a while, and
-- the Check of another one of the same kind is refused meanwhile.
ALTER TABLE payments ADD COLUMN check_claimed_at timestamptz;

-- The sandbox provider's own books: every operation its widgets made, and what became of it. The
-- real providers keep these; the sandbox keeps them so that a test can see that no money stays taken.
CREATE TABLE sandbox_transactions (
  transaction_id  text PRIMARY KEY,
  provider        text NOT NULL CHECK (provider IN ('cloudpayments', 'payselection')),
  invoice_id      text NOT NULL,
  operation       text NOT NULL CHECK (operation IN ('charge', 'auth')),
  amount_minor    integer NOT NULL,
  currency        text NOT NULL,
  state           text NOT NULL CHECK (state IN ('taken', 'voided', 'refunded')),
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX sandbox_transactions_invoice ON sandbox_transactions (provider, invoice_id);
