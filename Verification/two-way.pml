/* The rules of TwoWayStateMachine and the pair's updates: checked clean by scripts/model-check. */
#include "two-way-protocol.pml"
