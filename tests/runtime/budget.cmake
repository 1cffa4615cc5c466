# The budget of a level (src/runtime/budget*.c) and the model files a level
# names (src/formats/jol/refs.c).
rm_unit_test(test_budget_refs test_budget_refs.c)
rm_unit_test(test_budget_frame test_budget_frame.c)
rm_unit_test(test_budget_load test_budget_load.c ${PROJECT_SOURCE_DIR}/tests/formats/jom/jom_models.c)
