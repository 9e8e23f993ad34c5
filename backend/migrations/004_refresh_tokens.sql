-- Refresh tokens. Every sign-in starts a token family (a session); refreshing issues a new access token
-- and a new refresh token in the same family. A refresh token is single-use: a second use revokes the
-- family, which ends every access and refresh token issued in it (token-theft detection).
CREATE TABLE token_families (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);

-- Tokens issued before this migration belong to no family and simply live until they expire.
ALTER TABLE tokens ADD COLUMN family_id integer REFERENCES token_families (id);
CREATE INDEX tokens_family_idx ON tokens (family_id);

-- Only the sha-256 of a refresh token is stored, like the access tokens.
CREATE TABLE refresh_tokens (
  id         serial PRIMARY KEY,
  family_id  integer NOT NULL REFERENCES token_families (id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
