-- Sign-in with Steam (OpenID 2.0). A Steam user may have no e-mail until they add one.
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;
ALTER TABLE users ADD COLUMN steam_id text UNIQUE;
ALTER TABLE users ADD COLUMN display_name text;
ALTER TABLE users ADD CONSTRAINT users_email_or_steam CHECK (email IS NOT NULL OR steam_id IS NOT NULL);

-- Response nonces of accepted OpenID assertions: each assertion signs in once. Rows older than the
-- accepted age are deleted as new ones arrive.
CREATE TABLE openid_nonces (
  op_endpoint text NOT NULL,
  nonce       text NOT NULL,
  nonce_time  timestamptz NOT NULL,
  used_at     timestamptz NOT NULL,
  PRIMARY KEY (op_endpoint, nonce)
);

-- The sandbox OpenID provider (a stand-in for steamcommunity.com): its Steam accounts, and the
-- assertions it has already verified for check_authentication (an OP verifies each one once).
CREATE TABLE sandbox_steam_accounts (
  steam_id     text PRIMARY KEY,
  persona_name text NOT NULL,
  demo         boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL
);
CREATE SEQUENCE sandbox_steam_account_seq START WITH 1000;
INSERT INTO sandbox_steam_accounts (steam_id, persona_name, demo, created_at) VALUES
  ('76561198000000001', 'Headshot Hannah', true, '2024-01-01T00:00:00Z'),
  ('76561198000000002', 'AWP Enjoyer', true, '2024-01-01T00:00:00Z'),
  ('76561198000000003', 'Клатч-министр', true, '2024-01-01T00:00:00Z'),
  ('76561198000000004', 'Schalldämpfer Sepp', true, '2024-01-01T00:00:00Z');

CREATE TABLE sandbox_openid_checked (
  nonce      text PRIMARY KEY,
  checked_at timestamptz NOT NULL
);
