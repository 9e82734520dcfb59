-- A paid reservation holds its car until hold_until (issue 9 §1; shopper-core §9 "car held 48
-- hours"): the car reads as reserved while such a row exists (host/src/model.rs `car_select`), so
-- every car read looks the hold up by car.
CREATE INDEX reservations_car_hold ON reservations (tenant, car_id, status, hold_until);
