-- 0013_payroll: reserved; its owner writes the tables here.
SELECT 1;
