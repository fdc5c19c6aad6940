// The DIAN rules of the electronic invoice: pure functions, no database, no network.
