/*
 * The two-way rules before the state machine: only the form's rounding of the model was taken
 * for an echo, so a form trigger firing late wrote the model's old value back over a change
 * model -> form had not shown yet. scripts/model-check requires spin to find that stale write-back.
 */
#define BEFORE
#include "two-way-protocol.pml"
