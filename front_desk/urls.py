"""The front desk's routes: families (`apis_families`), checkouts and payments taken for them
(`apis_checkouts`), the log and the day's close (`apis`)."""

urlpatterns: list = []
