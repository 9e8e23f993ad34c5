-- The sandbox provider takes a charge only from its own widget page, with the token the payment was
-- issued with (development mode): only its sha-256 (hex) is kept, and the time it was used up.
ALTER TABLE payments ADD COLUMN widget_token_hash text;
ALTER TABLE payments ADD COLUMN widget_token_used_at timestamptz;

-- The sandbox provider's notifications not yet accepted by the merchant: kept here, so a restart (or
-- a crash between the widget's success and the notification) does not lose them.
CREATE TABLE sandbox_notifications (
  id              serial PRIMARY KEY,
  provider        text NOT NULL CHECK (provider IN ('cloudpayments', 'payselection')),
  url             text NOT NULL,
  headers         text NOT NULL,
  body            text NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  created_at      timestamptz NOT NULL
);
CREATE INDEX sandbox_notifications_next_attempt_at ON sandbox_notifications (next_attempt_at);
