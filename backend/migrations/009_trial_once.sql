-- R9.2: a trial payment confirmed after the account's trial was used fails, its hold voided.
ALTER TABLE payments DROP CONSTRAINT payments_failure_check;
ALTER TABLE payments ADD CONSTRAINT payments_failure_check CHECK (failure IN ('declined', 'scheme_mismatch', 'trial_used'));
