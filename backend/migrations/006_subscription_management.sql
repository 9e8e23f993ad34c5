-- A subscription a subscriber can manage: what it renews into, at what price and in which currency.

-- The language of the payment request (its receipt is written in it) and the price group it was priced in.
ALTER TABLE payments ADD COLUMN locale text NOT NULL DEFAULT 'en';
UPDATE payments p SET locale = u.locale FROM users u WHERE u.id = p.user_id;
ALTER TABLE payments ADD COLUMN country_group_id integer REFERENCES country_groups (id);
UPDATE payments p SET country_group_id = g.id FROM country_groups g WHERE g.currency = p.currency;

-- The payment that last extended the subscription: the currency a renewal charges in, and whether it
-- was the special offer.
ALTER TABLE users ADD COLUMN sub_payment_id integer REFERENCES payments (id);
UPDATE users u SET sub_payment_id = (SELECT max(p.id) FROM payments p WHERE p.user_id = u.id AND p.status = 'paid')
WHERE u.sub_plan_id IS NOT NULL;

-- What a plan renews into: the trial into the month (plan 3), every other plan into itself.
ALTER TABLE subscriptions ADD COLUMN renews_into integer REFERENCES subscriptions (id);
UPDATE subscriptions SET renews_into = CASE WHEN is_trial THEN 3 ELSE id END;
ALTER TABLE subscriptions ALTER COLUMN renews_into SET NOT NULL;
