-- Password sign-in attempts per address, for the attempt limit: a fixed window that starts with the
-- first attempt. A successful sign-in deletes the row.
CREATE TABLE password_attempts (
  email        text PRIMARY KEY,
  attempts     integer NOT NULL,
  window_start timestamptz NOT NULL
);

-- The payer's e-mail handed to the widget; a sandbox notification must repeat it.
ALTER TABLE payments ADD COLUMN payer_email text;
UPDATE payments p SET payer_email = u.email FROM users u WHERE u.id = p.user_id;
ALTER TABLE payments ALTER COLUMN payer_email SET NOT NULL;

-- How a payment was settled: the provider operation ('charge' or 'auth') and, when it failed, why.
ALTER TABLE payments ADD COLUMN operation text CHECK (operation IN ('charge', 'auth'));
ALTER TABLE payments ADD COLUMN failure text CHECK (failure IN ('declined', 'scheme_mismatch'));
