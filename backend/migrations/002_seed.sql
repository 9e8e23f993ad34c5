-- Reference data and the subscription catalogue.

INSERT INTO game_versions (id, code, name, goal_year) VALUES
  (1, 'cs2', 'CS2', 2024),
  (2, 'cs-go', 'CS:GO', 2019);

INSERT INTO languages (id, code, name) VALUES
  (1, 'ru', 'Русский'),
  (2, 'en', 'English'),
  (3, 'ge', 'Deutsch');

INSERT INTO country_groups (id, code, currency, symbol, locale) VALUES
  (1, 'ru', 'RUB', '₽', 'ru'),
  (2, 'world', 'USD', '$', 'en'),
  (3, 'eu', 'EUR', '€', 'de');

-- id 1 is the trial (amount 1). id 6 costs 9000 or more and is hidden by the site.
INSERT INTO subscriptions (id, name_en, name_ru, name_de, days, is_trial, sort) VALUES
  (1, 'Trial', 'Пробный период', 'Testzeitraum', 3, true, 0),
  (2, 'Week', 'Неделя', 'Woche', 7, false, 1),
  (3, 'Month', 'Месяц', 'Monat', 30, false, 2),
  (4, 'Three months', 'Три месяца', 'Drei Monate', 90, false, 3),
  (5, 'Year', 'Год', 'Jahr', 365, false, 4),
  (6, 'Reseller pack', 'Пакет для реселлеров', 'Händlerpaket', 3650, false, 5);

INSERT INTO subscription_prices (subscription_id, country_group_id, actual_minor, old_minor) VALUES
  (1, 1, 100, NULL),     (1, 2, 100, NULL),     (1, 3, 100, NULL),
  (2, 1, 19900, 29900),  (2, 2, 299, 499),      (2, 3, 299, 449),
  (3, 1, 49000, 69000),  (3, 2, 699, 999),      (3, 3, 649, 899),
  (4, 1, 119000, 179000),(4, 2, 1699, 2499),    (4, 3, 1599, 2299),
  (5, 1, 349000, 599000),(5, 2, 4999, 7999),    (5, 3, 4599, 7499),
  (6, 1, 990000, NULL),  (6, 2, 900000, NULL),  (6, 3, 900000, NULL);

-- A demo account whose referral code can be shared: /{locale}/join/FRIEND2024.
INSERT INTO users (email, email_confirmed, locale, referral_code, created_at)
VALUES ('friend@example.com', true, 'en', 'FRIEND2024', '2024-01-01T00:00:00Z');
