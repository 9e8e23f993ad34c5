-- The site a payment was made on (R1.7): the origin the visitor used, and the brand there (its
-- name in the payment's language and its support address). The receipt goes out when the provider's
-- notification arrives, with no visitor's request to tell the domain, and speaks for that brand.
-- Payments made before have none: their receipts name the original's support address only.
ALTER TABLE payments ADD COLUMN site_origin text;
ALTER TABLE payments ADD COLUMN site_name text;
ALTER TABLE payments ADD COLUMN site_support_email text;
