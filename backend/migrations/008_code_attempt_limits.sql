-- Wrong 6-digit codes, for the limits per account and per client address (finding B of the security
-- review): one row per wrong code, written before the code is checked (so guesses sent at the same
-- moment are counted too) and deleted again when the code was right. A limit counts the rows of its
-- subject younger than its window; older rows are deleted as new attempts of the subject arrive.
-- scope 'account': subject is the user id; scope 'client': the client address (an IPv6 client by its /64).
CREATE TABLE code_attempts (
  id           serial PRIMARY KEY,
  scope        text NOT NULL CHECK (scope IN ('account', 'client')),
  subject      text NOT NULL,
  attempted_at timestamptz NOT NULL
);
CREATE INDEX code_attempts_subject_idx ON code_attempts (scope, subject, attempted_at);

-- One row per subject that ever sent a code: an attempt locks its subject's row first, so on
-- PostgreSQL two attempts of one subject count one after the other and never both see room for one.
CREATE TABLE code_attempt_subjects (
  scope   text NOT NULL CHECK (scope IN ('account', 'client')),
  subject text NOT NULL,
  PRIMARY KEY (scope, subject)
);
