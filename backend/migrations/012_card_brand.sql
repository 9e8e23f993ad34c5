-- The card's brand (Visa, MasterCard, Mir) beside its last four digits, from the provider's
-- notification: the payment history and the receipt name the card (issue 37, part 5).
ALTER TABLE payments ADD COLUMN card_brand text;
