-- 0012_attendance: reserved; its owner writes the tables here.
SELECT 1;
