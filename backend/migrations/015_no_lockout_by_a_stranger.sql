-- No lock-out by a stranger (decision 118). Wrong codes for an account are counted per client address
-- (scope 'account', subject '<user id>@<client>'), so a guesser from one address closes the account
-- to that address only; and once more for the account as a whole from the addresses it has never
-- signed in from (scope 'stranger', subject the user id), which its owner's own addresses skip.
DELETE FROM code_attempts WHERE scope = 'account';
DELETE FROM code_attempt_subjects WHERE scope = 'account';
ALTER TABLE code_attempts DROP CONSTRAINT code_attempts_scope_check;
ALTER TABLE code_attempts ADD CONSTRAINT code_attempts_scope_check CHECK (scope IN ('account', 'stranger', 'client'));
ALTER TABLE code_attempt_subjects DROP CONSTRAINT code_attempt_subjects_scope_check;
ALTER TABLE code_attempt_subjects ADD CONSTRAINT code_attempt_subjects_scope_check CHECK (scope IN ('account', 'stranger', 'client'));

-- The addresses (an IPv6 client by its /64) each account signed in from, and when it last did: the
-- owner's own places, which the account-wide count of strangers' wrong codes leaves out.
CREATE TABLE sign_in_addresses (
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_key text NOT NULL,
  last_at    timestamptz NOT NULL,
  PRIMARY KEY (user_id, client_key)
);
