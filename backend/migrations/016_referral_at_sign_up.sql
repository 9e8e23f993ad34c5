-- R9.17, decision 120: a referral is made at sign-up only: the account's first proof of its e-mail
-- (a sign-in by code or link) or its first Steam sign-in, from the invitation the proving browser
-- brought. A code request on someone's behalf fixes nothing. The accounts that signed in before
-- this migration have signed up.
ALTER TABLE users ADD COLUMN signed_up_at timestamptz;
UPDATE users SET signed_up_at = created_at WHERE email_confirmed OR steam_id IS NOT NULL;
