// Account types from the generated API types (src/api/schema.d.ts, the host's OpenAPI document).
import type { components } from "../api/schema";
import type { CarResponse } from "../api/types";

type S = components["schemas"];
/** The host's price view (`price_view` of the car, search and watchlist APIs). */
export type PriceView = CarResponse["price_view"];
/** The signed-in user (`GET /api/v1/auth/me` → `user`): id and phone (ten digits, leading 0). */
export type User = S["User"];
/** Answer of `POST /api/v1/auth/send-code`: the normalised phone and the code's life in seconds (600). */
export type CodeSent = S["CodeSent"];
/** Answer of the watchlist save and remove calls: `success` and whether the car is saved now. */
export type WatchlistAnswer = S["WatchlistAnswer"];
/** One saved car of `GET /api/v1/watchlist` (price_view as in the car and search APIs; saved_at Unix seconds). */
export type WatchlistCar = S["WatchlistCar"];
/** Body of `POST /api/v1/auth/send-code`; the shell always sends the phone. */
export type SendCodeBody = S["SendCodeBody"] & { phone: string };
/** `sign_in` of `GET /api/v1/tenant`: the per-site gate groups (docs/features/platform.md "Sign-in and watchlist"). */
export type SignInSettings = S["SignInSettings"];
