-- Core schema of the stand-in backend.

CREATE TABLE game_versions (
  id        integer PRIMARY KEY,
  code      text NOT NULL UNIQUE,
  name      text NOT NULL,
  goal_year integer NOT NULL
);

CREATE TABLE languages (
  id   integer PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL
);

-- Prices are kept per country group; every group has one currency.
CREATE TABLE country_groups (
  id       integer PRIMARY KEY,
  code     text NOT NULL UNIQUE,
  currency text NOT NULL,
  symbol   text NOT NULL,
  locale   text NOT NULL UNIQUE
);

CREATE TABLE subscriptions (
  id       integer PRIMARY KEY,
  name_en  text NOT NULL,
  name_ru  text NOT NULL,
  name_de  text NOT NULL,
  days     integer NOT NULL CHECK (days > 0),
  is_trial boolean NOT NULL DEFAULT false,
  sort     integer NOT NULL DEFAULT 0
);

-- Amounts in minor units (kopecks, cents) so both drivers return plain integers.
CREATE TABLE subscription_prices (
  subscription_id  integer NOT NULL REFERENCES subscriptions (id),
  country_group_id integer NOT NULL REFERENCES country_groups (id),
  actual_minor     integer NOT NULL CHECK (actual_minor > 0),
  old_minor        integer,
  PRIMARY KEY (subscription_id, country_group_id)
);

CREATE TABLE users (
  id                    serial PRIMARY KEY,
  email                 text NOT NULL UNIQUE,
  email_confirmed       boolean NOT NULL DEFAULT false,
  password_hash         text,
  locale                text NOT NULL DEFAULT 'en',
  referral_code         text NOT NULL UNIQUE,
  referrer_code         text,
  device_id             text,
  device_bound_at       timestamptz,
  device_last_reset_at  timestamptz,
  sub_plan_id           integer REFERENCES subscriptions (id),
  sub_trial             boolean NOT NULL DEFAULT false,
  sub_started_at        timestamptz,
  sub_expires_at        timestamptz,
  sub_cancelled         boolean NOT NULL DEFAULT false,
  trial_used            boolean NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL
);

-- Codes sent by e-mail. The 6-digit code and the long link code are stored hashed.
CREATE TABLE auth_codes (
  id         serial PRIMARY KEY,
  purpose    text NOT NULL CHECK (purpose IN ('login', 'email_change')),
  user_id    integer NOT NULL REFERENCES users (id),
  email      text NOT NULL,
  code_hash  text NOT NULL,
  link_hash  text NOT NULL UNIQUE,
  attempts   integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX auth_codes_email_idx ON auth_codes (email, purpose, created_at DESC);

CREATE TABLE tokens (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE payments (
  id               serial PRIMARY KEY,
  user_id          integer NOT NULL REFERENCES users (id),
  subscription_id  integer NOT NULL REFERENCES subscriptions (id),
  service          text NOT NULL CHECK (service IN ('cloudpayments', 'payselection')),
  amount_minor     integer NOT NULL,
  currency         text NOT NULL,
  special_offer    boolean NOT NULL DEFAULT false,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  card_last4       text,
  transaction_id   text,
  created_at       timestamptz NOT NULL,
  paid_at          timestamptz
);

CREATE TABLE analytics_events (
  id         serial PRIMARY KEY,
  locale     text NOT NULL,
  domain     text NOT NULL,
  user_id    integer REFERENCES users (id),
  client_id  text NOT NULL,
  utm        jsonb,
  created_at timestamptz NOT NULL
);

CREATE TABLE referral_visits (
  id         serial PRIMARY KEY,
  code       text NOT NULL,
  user_id    integer REFERENCES users (id),
  created_at timestamptz NOT NULL
);

CREATE TABLE launcher_downloads (
  id            serial PRIMARY KEY,
  locale        text NOT NULL,
  referrer_code text,
  referrer_known boolean NOT NULL DEFAULT false,
  user_agent    text,
  created_at    timestamptz NOT NULL
);

CREATE TABLE mail_outbox (
  id         serial PRIMARY KEY,
  to_email   text NOT NULL,
  subject    text NOT NULL,
  body       text NOT NULL,
  code       text,
  link       text,
  sent_at    timestamptz NOT NULL
);
CREATE INDEX mail_outbox_to_idx ON mail_outbox (to_email, id DESC);
