-- The sandbox bank's customers' own accounts (money/sandbox-names.ts): when it opens a vendor's virtual account it
-- also holds, as any bank would, an account in the owner's name and one in the business's, so a new vendor can
-- set a settlement account that passes the name match (decision 143) without a real bank. Not our ledger.
CREATE TABLE "sandbox_named_accounts" (
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_named_accounts_pk" PRIMARY KEY("bank_code","account_number")
);
