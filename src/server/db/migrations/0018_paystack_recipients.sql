-- Paystack's transfer recipients (issue 36, decision 139): one per destination account, created once and reused, so
-- a send to a supplier paid before costs no second POST /transferrecipient. Not a vendor's row: the recipient is
-- Paystack's record of a bank account, whoever sends to it.
CREATE TABLE IF NOT EXISTS "paystack_recipients" (
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"recipient_code" text NOT NULL,
	"account_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paystack_recipients_pk" PRIMARY KEY("bank_code","account_number")
);
