"""The front desk's writes, by concern: families (`families`), checkouts and payments taken for
them (`checkouts`), the day's close (`days`); every one written to the log (`log`)."""
